import { sql, type RawBuilder } from "kysely";
import { effectiveFieldType, type Field } from "../../../src/domain/model";
import { refuse } from "../../graphqlKit/errors";
import { textExpression, valueExpression } from "./sql";

/**
 * Filters of spec §7 ({field: {operator: value}} with and/or/not) compiled to one SQL condition
 * over the entry's jsonb. Values are always parameters; field names come from the live model.
 * Conditions are written over the expressions ./indexes.ts indexes (a field's value, its text),
 * so the planner can use those indexes and their statistics.
 */
export type Filter = { and?: Filter[] | null; or?: Filter[] | null; not?: Filter | null } & Record<string, unknown>;

/** The operators of spec §7's filter inputs; anything else is refused before compiling. */
export const FILTER_OPERATORS: ReadonlySet<string> = new Set(["eq", "ne", "lt", "le", "gt", "ge", "beginsWith", "contains", "notContains", "attributeExists"]);

/** Enough for any hand-written filter; bounds what one request can make the database do. */
export const FILTER_LIMITS = { maxConditions: 50, maxDepth: 6 } as const;

const SYSTEM_COLUMNS: Record<string, RawBuilder<unknown>> = {
  id: sql`id`,
  createdAt: sql`created_at`,
  updatedAt: sql`updated_at`,
};

const tooComplex = () =>
  refuse("BAD_USER_INPUT", "error_filter_too_complex", `A filter can have at most ${FILTER_LIMITS.maxConditions} conditions, nested at most ${FILTER_LIMITS.maxDepth} levels.`, {
    maxConditions: FILTER_LIMITS.maxConditions,
    maxDepth: FILTER_LIMITS.maxDepth,
  });

const badDate = (field: string) =>
  refuse("BAD_USER_INPUT", "error_value_datetime", `${field} must be a date and time such as 2024-05-01T12:00:00Z.`, { field });

export function compileFilter(filter: Filter, fields: ReadonlyMap<string, Field>): RawBuilder<unknown> {
  let conditions = 0;
  const visit = (node: Filter, depth: number): RawBuilder<unknown> => {
    if (depth > FILTER_LIMITS.maxDepth) throw tooComplex();
    const parts: RawBuilder<unknown>[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (value === null || value === undefined) continue;
      if (key === "and" || key === "or") {
        const children = (value as Filter[]).map((child) => visit(child, depth + 1));
        if (children.length) parts.push(sql`(${sql.join(children, key === "and" ? sql` and ` : sql` or `)})`);
        continue;
      }
      if (key === "not") {
        parts.push(sql`not coalesce(${visit(value as Filter, depth + 1)}, false)`);
        continue;
      }
      for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
        if (operand === null || operand === undefined) continue;
        if (++conditions > FILTER_LIMITS.maxConditions) throw tooComplex();
        parts.push(condition(key, operator, operand, fields.get(key)));
      }
    }
    return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
  };
  return visit(filter, 1);
}

function condition(name: string, operator: string, operand: unknown, field: Field | undefined): RawBuilder<unknown> {
  const column = SYSTEM_COLUMNS[name];
  if (column) return systemCondition(name, column, operator, operand);
  const json = sql`(data -> ${sql.lit(name)})`;
  const text = textExpression(name);
  const isList = field ? (effectiveFieldType(field) ?? "").startsWith("List") : false;
  const value = sql`${JSON.stringify(operand)}::jsonb`;
  switch (operator) {
    case "eq":
      // The operand is never JSON null, so a missing value (null here) matches as before.
      return sql`${valueExpression(name)} = ${value}`;
    case "ne":
      return sql`${json} is distinct from ${value}`;
    case "lt":
    case "le":
    case "gt":
    case "ge":
      return ordered(valueExpression(name), operator, value);
    case "beginsWith":
      return sql`${text} like ${likePattern(String(operand), false)}`;
    case "contains":
      return contains(json, text, isList, operand);
    case "notContains":
      return sql`not coalesce(${contains(json, text, isList, operand)}, false)`;
    case "attributeExists":
      // jsonb null is below every other value: "> null" is "has a value", as a range the field's index can read.
      return operand ? sql`${valueExpression(name)} > 'null'::jsonb` : sql`${valueExpression(name)} = 'null'::jsonb`;
    default:
      throw new Error(`unknown filter operator ${operator}`);
  }
}

const ORDER: Record<string, string> = { lt: "<", le: "<=", gt: ">", ge: ">=" };

/**
 * jsonb orders every number below every string; a comparison only matches values of the
 * operand's own kind (as DynamoDB's did), so `age < 25` never matches a text or no value.
 */
export const ordered = (json: RawBuilder<unknown>, operator: string, value: RawBuilder<unknown>) =>
  sql`(jsonb_typeof(${json}) = jsonb_typeof(${value}) and ${json} ${sql.raw(ORDER[operator])} ${value})`;

/** A list holds the value; a text has it as a part (LIKE, which a trigram index serves). */
const contains = (json: RawBuilder<unknown>, text: RawBuilder<unknown>, isList: boolean, operand: unknown) =>
  isList ? sql`${json} @> ${JSON.stringify([operand])}::jsonb` : sql`${text} like ${likePattern(String(operand), true)}`;

/** A LIKE pattern matching `text` literally (its %, _ and backslash escaped): at the start, or anywhere. */
export const likePattern = (text: string, anywhere: boolean) => `${anywhere ? "%" : ""}${text.replace(/[\\%_]/g, "\\$&")}%`;

function systemCondition(name: string, column: RawBuilder<unknown>, operator: string, operand: unknown): RawBuilder<unknown> {
  const isTime = name !== "id";
  const compares = ["eq", "ne", "lt", "le", "gt", "ge"].includes(operator);
  // A text that is no date would make PostgreSQL fail the cast: refuse it as bad input instead.
  const instant = isTime && compares ? new Date(String(operand)) : null;
  if (instant && Number.isNaN(instant.getTime())) throw badDate(name);
  const value = instant ? sql`${instant.toISOString()}::timestamptz` : sql`${operand}`;
  const asText = isTime ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')` : column;
  switch (operator) {
    case "eq":
      return sql`${column} = ${value}`;
    case "ne":
      return sql`${column} <> ${value}`;
    case "lt":
      return sql`${column} < ${value}`;
    case "le":
      return sql`${column} <= ${value}`;
    case "gt":
      return sql`${column} > ${value}`;
    case "ge":
      return sql`${column} >= ${value}`;
    case "beginsWith":
      return sql`starts_with(${asText}, ${String(operand)})`;
    case "contains":
      return sql`strpos(${asText}, ${String(operand)}) > 0`;
    case "notContains":
      return sql`strpos(${asText}, ${String(operand)}) = 0`;
    case "attributeExists":
      return operand ? sql`true` : sql`false`;
    default:
      throw new Error(`unknown filter operator ${operator}`);
  }
}
