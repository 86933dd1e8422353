import type { FieldType } from "./model";
import { fieldTypeDefinition } from "./fields/registry";
import { FILTER_OPERATORS, isFilterOperator, type FilterOperator } from "./filterExpression";

export * from "./filterExpression";

/**
 * Filters of spec §7 ("Filter expression: {field: {operator: value}}") and which operator applies
 * to which field type. The filter dropdown offers exactly these operators and the project API's
 * filter input types are generated from them, so the console never builds a filter the server
 * refuses, and the server refuses an operator the console would not offer.
 */

/** Spec §7 "Sort-range operators: eq, lt, le, gt, ge, beginsWith." */
export const SORT_RANGE_OPERATORS = ["eq", "lt", "le", "gt", "ge", "beginsWith"] as const;

/** How a field's values compare: the kind decides the operators. */
export type FilterKind = "text" | "number" | "boolean" | "choice" | "list" | "presence";

const OPERATORS_BY_KIND: Record<FilterKind, readonly FilterOperator[]> = {
  // Texts, and dates and times as ISO text, which order as the instants they name.
  text: FILTER_OPERATORS,
  number: ["eq", "ne", "lt", "le", "gt", "ge", "attributeExists"],
  boolean: ["eq", "ne", "attributeExists"],
  // An enum value is one of a few names: equal or not, never "begins with".
  choice: ["eq", "ne", "attributeExists"],
  // A list holds a value or not.
  list: ["contains", "notContains", "attributeExists"],
  // Json is free-form text of any shape; only whether it is there can be asked.
  presence: ["attributeExists"],
};

export const filterKind = (fieldType: FieldType): FilterKind => fieldTypeDefinition(fieldType).filter;

export const filterOperators = (fieldType: FieldType): readonly FilterOperator[] => OPERATORS_BY_KIND[filterKind(fieldType)];

export const allowsOperator = (fieldType: FieldType, operator: string): boolean =>
  isFilterOperator(operator) && filterOperators(fieldType).includes(operator);

/** The scalar an operand of a field type's filter is: an integer, a float, a boolean or a text. */
export type FilterOperand = "Int" | "Float" | "Boolean" | "String";

export const filterOperand = (fieldType: FieldType): FilterOperand => fieldTypeDefinition(fieldType).operand;

/** The operand of an operator: attributeExists asks yes or no whatever the field's type. */
export const operandOf = (fieldType: FieldType, operator: FilterOperator): FilterOperand =>
  operator === "attributeExists" ? "Boolean" : filterOperand(fieldType);
