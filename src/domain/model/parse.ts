import { type } from "arktype";
import { readDeclaration } from "./structure";
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

/**
 * Parses Api.schema JSON text (or a value) into a model. Size, depth and prototype keys are
 * checked first (./structure); shape errors, unknown keys included, become error_model_invalid.
 */
export function parseModel(input: string | unknown): { model: SchemaModel } | { problem: ModelProblem } {
  const read = readDeclaration(input);
  if ("problem" in read) return read;
  const result = SchemaModel(withDefaults(read.value));
  if (result instanceof type.errors) {
    const path = Array.from(result[0].path, (key) => (typeof key === "number" ? key : String(key)));
    // One refusal names the first wrong key; a flood of them must not make a huge message.
    return invalid(path, result.summary.slice(0, 500));
  }
  return { model: result };
}
