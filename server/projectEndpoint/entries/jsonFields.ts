import { sql, type RawBuilder } from "kysely";
import type { ModelPlan, PlannedField, TablePlan } from "../schema/plan";
import type { JsonField } from "./jsonPage";
import { passwordFieldOf } from "../access/userCredentials";
import { exposesOwner } from "../schema/sdl";

/**
 * How the list's SQL writes one field of an entry object as graphql-js would (resolvers.ts
 * toEntry, then the field's scalar or enum): system fields as they are, a user value as its
 * stored JSON text when that text is exactly graphql-js's for the field's type (else the page
 * falls back to execution). Null for a field the SQL does not write (lists, Json, connections):
 * the whole document is then executed as before.
 */
export function jsonField(plan: ModelPlan, table: TablePlan, key: string, fieldName: string): JsonField | null {
  if (fieldName === "__typename") return { key, value: sql.lit(JSON.stringify(table.type.name)), exact: null };
  const planned = table.fields.find((candidate) => candidate.field.name === fieldName);
  if (!planned) return systemField(table, key, fieldName);
  if (fieldName === passwordFieldOf(table)) return { key, value: sql.lit("null"), exact: null };
  // Json travels as the text JSON.stringify makes of the value, which jsonb's text is not.
  if (planned.kind === "Json") return null;
  const value = sql`(data -> ${sql.lit(fieldName)})`;
  const exact = exactCheck(plan, planned, value);
  return exact ? { key, value: sql`coalesce(${value}::text, 'null')`, exact } : null;
}

function systemField(table: TablePlan, key: string, fieldName: string): JsonField | null {
  const column = { id: "id", createdAt: "created_at", updatedAt: "updated_at", owner: exposesOwner(table) ? "owner" : null }[fieldName];
  return column ? { key, value: sql`coalesce(to_json(${sql.ref(`page.${column}`)})::text, 'null')`, exact: null } : null;
}

/** Integers as graphql-js writes an Int (no fraction, no exponent, 32 bits). */
const INT_TEXT = "^-?(0|[1-9][0-9]{0,9})$";
/**
 * Numbers whose jsonb text is how JavaScript writes the same double: plain decimals of at most
 * 15 digits (a double keeps them), no trailing zero, no -0, and none below 1e-6 (JavaScript
 * writes those with an exponent).
 */
const FLOAT_TEXT = "^-?(0|[1-9][0-9]*)(\\.[0-9]*[1-9])?$";
const TINY_TEXT = "^-?0\\.0{6}";

/**
 * True when the stored value (absent, null, or of the field's kind) is written as graphql-js
 * would write it. The value's kind is read once (a missing key's as 'null') and the CASE tests
 * it once: each `data -> key` is a lookup in the entry's jsonb, paid per field of every row.
 */
function exactCheck(plan: ModelPlan, planned: PlannedField, value: RawBuilder<unknown>): RawBuilder<unknown> | null {
  const text = sql`${value}::text`;
  const whenKind = (kind: string, check: RawBuilder<unknown>) => sql`(case coalesce(jsonb_typeof(${value}), 'null') when 'null' then true when ${sql.lit(kind)} then ${check} else false end)`;
  switch (planned.graphqlType) {
    case "String":
    case "ID":
      return sql`coalesce(jsonb_typeof(${value}), 'null') in ('null', 'string')`;
    case "Boolean":
      return sql`coalesce(jsonb_typeof(${value}), 'null') in ('null', 'boolean')`;
    case "Int":
      return whenKind("number", sql`${text} ~ ${INT_TEXT} and ${text} <> '-0' and (${text})::numeric between -2147483648 and 2147483647`);
    case "Float":
      return whenKind("number", sql`${text} ~ ${FLOAT_TEXT} and ${text} <> '-0' and ${text} !~ ${TINY_TEXT} and length(translate(${text}, '-.', '')) <= 15`);
    default: {
      const enumType = planned.kind === "Enum" && planned.field.typeId ? plan.enums.get(planned.field.typeId) : undefined;
      if (!enumType || enumType.name !== planned.graphqlType) return null;
      return whenKind("string", sql`(${value} #>> '{}') = any(${enumType.values.map((entry) => entry.name)}::text[])`);
    }
  }
}
