import { ENUM_NAME_MAX_LENGTH } from "./names";
import type { ModelProblem, SchemaModel } from "./types";

/**
 * How large a declaration may be (docs/DECISIONS.md). The spec sets minimums and the enum
 * maximum only; these maximums keep every declaration small enough to check, store and publish
 * quickly while leaving room far beyond what a hand-built model needs.
 */
export const MODEL_LIMITS = {
  tables: 100,
  fieldsPerTable: 100,
  triggersPerTable: 20,
  enums: 100,
  valuesPerEnum: 200,
  /** Table, field, trigger and enum names, and enum values (spec §5: enums at most 64). */
  nameLength: ENUM_NAME_MAX_LENGTH,
  labelLength: 256,
  /** Characters of the declaration's JSON text; escaped into a request it stays under the 1 MB body limit. */
  declarationSize: 750_000,
  /** Nesting of arrays and objects; a declaration itself needs 9, free-form parts get the rest. */
  depth: 20,
} as const;
export type ModelLimit = keyof typeof MODEL_LIMITS;

/** The message key that names each limit; `max` is the limit's value. */
export const LIMIT_MESSAGE_IDS: Record<ModelLimit, string> = {
  tables: "error_model_limit_tables",
  fieldsPerTable: "error_model_limit_fields",
  triggersPerTable: "error_model_limit_triggers",
  enums: "error_model_limit_enums",
  valuesPerEnum: "error_model_limit_enum_values",
  nameLength: "form_feedback_name_maxlength",
  labelLength: "error_model_limit_label",
  declarationSize: "error_model_limit_size",
  depth: "error_model_limit_depth",
};

export const limitProblem = (limit: ModelLimit, path: (string | number)[]): ModelProblem => ({
  messageId: LIMIT_MESSAGE_IDS[limit],
  path,
  values: { max: MODEL_LIMITS[limit] },
});

/** Whether a list or text is longer than its limit allows. */
export const overLimit = (limit: ModelLimit, sized: { length: number }) => sized.length > MODEL_LIMITS[limit];

/** The counted limits of a whole model (tables, enums, and per table and enum), outermost first. */
export function countProblems(model: SchemaModel): ModelProblem[] {
  const problems: ModelProblem[] = [];
  if (overLimit("tables", model.objectTypes)) problems.push(limitProblem("tables", ["objectTypes"]));
  if (overLimit("enums", model.enumTypes)) problems.push(limitProblem("enums", ["enumTypes"]));
  model.objectTypes.forEach((objectType, index) => {
    if (overLimit("fieldsPerTable", objectType.fields))
      problems.push(limitProblem("fieldsPerTable", ["objectTypes", index, "fields"]));
    if (overLimit("triggersPerTable", objectType.resolvers))
      problems.push(limitProblem("triggersPerTable", ["objectTypes", index, "resolvers"]));
  });
  model.enumTypes.forEach((enumType, index) => {
    if (overLimit("valuesPerEnum", enumType.values))
      problems.push(limitProblem("valuesPerEnum", ["enumTypes", index, "values"]));
  });
  return problems;
}
