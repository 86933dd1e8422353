import { FIELD_TYPES, type FieldType } from "../../../src/domain/model";
import { SORT_RANGE_OPERATORS, filterKind, filterOperand, filterOperators, operandOf } from "../../../src/domain/filters";

/**
 * The filter input types of a project's schema, generated from the domain's operators per field
 * type (src/domain/filters.ts): an operator the console does not offer for a type does not exist
 * in its input, so GraphQL refuses it before any resolver runs.
 */

const KIND_PREFIX = { text: "", number: "", boolean: "", choice: "Enum", list: "List", presence: "Exists" } as const;

/** StringFilterInput, IntFilterInput, ListIntFilterInput, EnumFilterInput, ExistsFilterInput… */
export function filterInputName(fieldType: FieldType): string {
  const kind = filterKind(fieldType);
  if (kind === "choice" || kind === "presence") return `${KIND_PREFIX[kind]}FilterInput`;
  return `${KIND_PREFIX[kind]}${filterOperand(fieldType)}FilterInput`;
}

function filterInputSdl(fieldType: FieldType): string {
  const operators = filterOperators(fieldType).map((operator) => `${operator}: ${operandOf(fieldType, operator)}`);
  return `input ${filterInputName(fieldType)} { ${operators.join(" ")} }`;
}

/** Every filter input type once, and the sort-range input of spec §7. */
export const FILTER_INPUTS_SDL = [
  `input SortRangeInput { ${SORT_RANGE_OPERATORS.map((operator) => `${operator}: String`).join(" ")} }`,
  ...new Map(FIELD_TYPES.map((fieldType) => [filterInputName(fieldType), filterInputSdl(fieldType)])).values(),
].join("\n");
