import { readDeclaration } from "./structure";
import type { ModelProblem, SchemaModel } from "./types";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Fills the empty lists a hand-written or generated declaration tends to leave out (directives,
 * resolvers, targets, parents, enumTypes), so only real shape errors are refused.
 */
export function withDefaults(data: unknown): unknown {
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

/**
 * A declaration the server stored (Api.schema), read without checking its shape again: every
 * write passed parseModel (./parse) and the model rules on the server, so a screen that shows it
 * does not wait for the shape checker (arktype, a third of the data page's warm load) to load.
 * Size, depth and prototype keys are still checked, and a value without tables is refused.
 */
export function readStoredModel(text: string): { model: SchemaModel } | { problem: ModelProblem } {
  const read = readDeclaration(text);
  if ("problem" in read) return read;
  const value = withDefaults(read.value);
  if (!isRecord(value) || !Array.isArray(value.objectTypes) || !Array.isArray(value.enumTypes)) {
    return { problem: { messageId: "error_model_invalid", path: [], values: { detail: "no objectTypes" } } };
  }
  return { model: value as SchemaModel };
}
