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
        const counted = () => {
          if (++conditions > FILTER_LIMITS.maxConditions) throw tooComplex();
        };
        counted();
        const single = (op: string, given: unknown) => condition(key, op, given, fields.get(key));
        parts.push(AMPLIFY_OPERATORS.has(operator) ? amplifyCondition(key, operator, operand, single, counted) : single(operator, operand));
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

/**
 * The operators of the Amplify-compatible filter inputs (ModelStringInput…), written with the
 * spec's: `between` is ge and le, `in` one eq of several, `notIn` every ne; `size` and
 * `attributeType` ask the stored JSON's length and kind. Each value of `in`/`notIn` counts as
 * a condition, so the filter limits bound them too.
 */
const AMPLIFY_OPERATORS: ReadonlySet<string> = new Set(["between", "in", "notIn", "size", "attributeType"]);

const badBetween = () => refuse("BAD_USER_INPUT", "error_filter_between", "between takes two values: the lower and the upper bound.");

function amplifyCondition(name: string, operator: string, operand: unknown, single: (operator: string, operand: unknown) => RawBuilder<unknown>, counted: () => void): RawBuilder<unknown> {
  const values = Array.isArray(operand) ? operand.filter((value) => value !== null && value !== undefined) : [operand];
  switch (operator) {
    case "between":
      if (values.length !== 2) throw badBetween();
      return sql`(${single("ge", values[0])} and ${single("le", values[1])})`;
    case "in":
    case "notIn": {
      values.slice(1).forEach(counted);
      const parts = values.map((value) => single(operator === "in" ? "eq" : "ne", value));
      if (!parts.length) return operator === "in" ? sql`false` : sql`true`;
      return sql`(${sql.join(parts, operator === "in" ? sql` or ` : sql` and `)})`;
    }
    case "size":
      return sizeCondition(name, operand as Record<string, unknown>);
    default:
      return attributeTypeCondition(name, String(operand));
  }
}

/** A text's length in characters, a list's number of items; null (no match) for anything else. */
function sizeExpression(name: string): RawBuilder<unknown> {
  const column = SYSTEM_COLUMNS[name];
  if (column) return sql`char_length(${column}::text)`;
  const json = valueExpression(name);
  return sql`(case jsonb_typeof(${json}) when 'array' then jsonb_array_length(${json}) when 'string' then char_length(${textExpression(name)}) end)`;
}

const SIZE_ORDER: Record<string, string> = { eq: "=", ne: "<>", lt: "<", le: "<=", gt: ">", ge: ">=" };

function sizeCondition(name: string, size: Record<string, unknown>): RawBuilder<unknown> {
  const measured = sizeExpression(name);
  const parts: RawBuilder<unknown>[] = [];
  for (const [operator, operand] of Object.entries(size ?? {})) {
    if (operand === null || operand === undefined) continue;
    if (operator === "between") {
      const bounds = Array.isArray(operand) ? operand.filter((value) => value !== null && value !== undefined) : [];
      if (bounds.length !== 2) throw badBetween();
      parts.push(sql`${measured} between ${Number(bounds[0])} and ${Number(bounds[1])}`);
    } else if (SIZE_ORDER[operator]) parts.push(sql`${measured} ${sql.raw(SIZE_ORDER[operator])} ${Number(operand)}`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}

/** DynamoDB's attribute types as the JSON kinds a value is stored as; sets and binaries are never stored. */
const JSON_KINDS: Record<string, string> = { string: "string", number: "number", bool: "boolean", list: "array", map: "object", _null: "null" };

function attributeTypeCondition(name: string, attributeType: string): RawBuilder<unknown> {
  const kind = JSON_KINDS[attributeType];
  if (!kind) return sql`false`;
  // id, createdAt and updatedAt are always texts.
  if (SYSTEM_COLUMNS[name]) return kind === "string" ? sql`true` : sql`false`;
  return sql`jsonb_typeof(${valueExpression(name)}) = ${kind}`;
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
