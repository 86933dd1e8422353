import { sql } from "kysely";
import type { ModelPlan, PlannedField, TablePlan } from "../schema/plan";
import type { JsonField } from "./jsonPage";
import { passwordFieldOf } from "../access/userCredentials";
import { exposesOwner } from "../schema/sdl";

/**
 * How the list's SQL writes one field of an entry object as graphql-js would (resolvers.ts
 * toEntry, then the field's scalar or enum): system fields as they are, a user value as its
 * stored JSON text, checked in Node against what the field's type writes (./jsonPage.ts; else
 * the page falls back to execution). Null for a field the SQL does not write (lists, Json,
 * connections): the whole document is then executed as before.
 */
export function jsonField(plan: ModelPlan, table: TablePlan, key: string, fieldName: string): JsonField | null {
  if (fieldName === "__typename") return { key, value: sql.lit(JSON.stringify(table.type.name)), exact: null };
  const planned = table.fields.find((candidate) => candidate.field.name === fieldName);
  if (!planned) return systemField(table, key, fieldName);
  if (fieldName === passwordFieldOf(table)) return { key, value: sql.lit("null"), exact: null };
  // Json travels as the text JSON.stringify makes of the value, which jsonb's text is not.
  if (planned.kind === "Json") return null;
  const exact = exactValue(plan, planned);
  return exact ? { key, value: sql`coalesce((data -> ${sql.lit(fieldName)})::text, 'null')`, exact } : null;
}

function systemField(table: TablePlan, key: string, fieldName: string): JsonField | null {
  const column = { id: "id", createdAt: "created_at", updatedAt: "updated_at", owner: exposesOwner(table) ? "owner" : null }[fieldName];
  return column ? { key, value: sql`coalesce(to_json(${sql.ref(`page.${column}`)})::text, 'null')`, exact: null } : null;
}

const isInt = (value: unknown) => Number.isInteger(value) && (value as number) >= -2147483648 && (value as number) <= 2147483647;

/**
 * Which stored values (absent or null, or of the field's kind) the field's GraphQL type writes
 * as they are, the values' JSON texts aside (those the page compares as a whole): a value its
 * type would coerce (a text in an Int field, 1.5 as an Int) or refuse (an enum value no longer
 * in the enum) is not, and sends the page to graphql-js.
 */
function exactValue(plan: ModelPlan, planned: PlannedField): ((value: unknown) => boolean) | null {
  switch (planned.graphqlType) {
    case "String":
    case "ID":
      return (value) => value === null || typeof value === "string";
    case "Boolean":
      return (value) => value === null || typeof value === "boolean";
    case "Int":
      return (value) => value === null || isInt(value);
    case "Float":
      return (value) => value === null || typeof value === "number";
    default: {
      const enumType = planned.kind === "Enum" && planned.field.typeId ? plan.enums.get(planned.field.typeId) : undefined;
      if (!enumType || enumType.name !== planned.graphqlType) return null;
      const names = new Set(enumType.values.map((entry) => entry.name));
      return (value) => value === null || (typeof value === "string" && names.has(value));
    }
  }
}
