import { type } from "arktype";
import { SchemaModel, type ModelProblem } from "./types";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Fills the empty lists a hand-written or generated declaration tends to leave out (directives,
 * resolvers, targets, parents, enumTypes), so only real shape errors are refused.
 */
function withDefaults(data: unknown): unknown {
  if (!isRecord(data)) return data;
  const objectTypes = Array.isArray(data.objectTypes)
    ? data.objectTypes.map((objectType) =>
        isRecord(objectType)
          ? {
              directives: [],
              resolvers: [],
              targets: [],
              parents: {},
              ...objectType,
              fields: Array.isArray(objectType.fields)
                ? objectType.fields.map((field) => (isRecord(field) ? { directives: [], ...field } : field))
                : (objectType.fields ?? []),
            }
          : objectType,
      )
    : data.objectTypes;
  return { enumTypes: [], ...data, objectTypes };
}

const invalid = (path: (string | number)[], detail: string): { problem: ModelProblem } => ({
  problem: { messageId: "error_model_invalid", path, values: { detail } },
});

/** Parses Api.schema JSON text (or a value) into a model; shape errors become error_model_invalid. */
export function parseModel(input: string | unknown): { model: SchemaModel } | { problem: ModelProblem } {
  let data = input;
  if (typeof input === "string") {
    try {
      data = JSON.parse(input);
    } catch (error) {
      return invalid([], error instanceof Error ? error.message : "not JSON");
    }
  }
  const result = SchemaModel(withDefaults(data));
  if (result instanceof type.errors) {
    const path = Array.from(result[0].path, (key) => (typeof key === "number" ? key : String(key)));
    return invalid(path, result.summary);
  }
  return { model: result };
}
