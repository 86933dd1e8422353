/**
 * A filter as an expression (spec §7 "Filter expression: {field: {operator: value}}") and as the
 * data page's ?filter= search value. Nothing here depends on field types, so the router, which
 * reads ?filter= on every page, loads no field rules (./filters.ts has the operators per type).
 */

/** Spec §7 "Operators: eq, ne, lt, le, gt, ge, beginsWith, contains, notContains, attributeExists." */
export const FILTER_OPERATORS = ["eq", "ne", "lt", "le", "gt", "ge", "beginsWith", "contains", "notContains", "attributeExists"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const isFilterOperator = (operator: string): operator is FilterOperator => (FILTER_OPERATORS as readonly string[]).includes(operator);

export type FilterValue = string | number | boolean;

/** One condition of the filter dropdown; several combine with and. */
export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  value: FilterValue;
}

/** The expression sent to the project API and kept in the URL's ?filter=. */
export type FilterExpression = { [field: string]: { [operator: string]: FilterValue } } | { and: FilterExpression[] };

/** Most conditions one filter may hold (the server's limit, spec §9 leaves it open). */
export const MAX_FILTER_CONDITIONS = 50;

const single = (condition: FilterCondition): FilterExpression => ({ [condition.field]: { [condition.operator]: condition.value } });

/** None is no filter, one is {field: {operator: value}}, several are {and: [...]}. */
export function filterExpression(conditions: readonly FilterCondition[]): FilterExpression | null {
  if (conditions.length === 0) return null;
  if (conditions.length === 1) return single(conditions[0]);
  return { and: conditions.map(single) };
}

const isValue = (value: unknown): value is FilterValue =>
  typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The conditions of an expression that was built by filterExpression, or written by hand in the
 * same and-only shape; null for anything else (or/not, unknown operators, nested objects), so a
 * mangled URL shows no filter instead of a wrong one.
 */
export function filterConditions(expression: unknown): FilterCondition[] | null {
  if (!isPlainObject(expression)) return null;
  const conditions: FilterCondition[] = [];
  for (const [key, value] of Object.entries(expression)) {
    if (key === "and") {
      if (!Array.isArray(value)) return null;
      for (const part of value) {
        const inner = filterConditions(part);
        if (!inner) return null;
        conditions.push(...inner);
      }
      continue;
    }
    if (key === "or" || key === "not" || !isPlainObject(value)) return null;
    for (const [operator, operand] of Object.entries(value)) {
      if (!isFilterOperator(operator) || !isValue(operand)) return null;
      conditions.push({ field: key, operator, value: operand });
    }
  }
  return conditions.length > MAX_FILTER_CONDITIONS ? null : conditions;
}

/** The ?filter= search value: the expression as JSON text, or undefined for no filter. */
export function filterSearchValue(conditions: readonly FilterCondition[]): string | undefined {
  const expression = filterExpression(conditions);
  return expression ? JSON.stringify(expression) : undefined;
}

/** The conditions of a ?filter= value (JSON text, or the object a router already parsed). */
export function parseFilterSearch(search: unknown): FilterCondition[] {
  if (search === undefined || search === null || search === "") return [];
  let expression = search;
  if (typeof search === "string") {
    try {
      expression = JSON.parse(search);
    } catch {
      return [];
    }
  }
  return filterConditions(expression) ?? [];
}
