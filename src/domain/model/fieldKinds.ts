import { hasDirective } from "./directives";
import { isReadonlyFieldName, type ReadonlyFieldName } from "./names";
import type { Field, FieldType } from "./types";
import { fieldTypeDefinition } from "../fields/registry";

/** One of the three read-only system fields (id, createdAt, updatedAt). */
export const isSystemField = (field: Field): field is Field & { name: ReadonlyFieldName } =>
  field.readonly === true && isReadonlyFieldName(field.name);

/** The type the editor shows: a stored dynamic field is a String with @dynamic (spec §5). */
export function effectiveFieldType(field: Pick<Field, "type" | "directives">): FieldType | null {
  if (field.type === "String" && hasDirective(field.directives, "dynamic")) return "Dynamic";
  return field.type ?? null;
}

/**
 * Sort fields (spec §5): read-only fields other than updatedAt, lists, Json and Dynamic cannot
 * be sort fields; updatedAt always is one (the default sort).
 */
export function canSortBy(field: Field): boolean {
  if (field.readonly) return field.name === "updatedAt";
  const fieldType = effectiveFieldType(field);
  return fieldType !== null && fieldTypeDefinition(fieldType).sortable;
}

/**
 * What a table's entry lists can be sorted by (spec §7 "descending by the sort-by field,
 * updatedAt by default"): its sort-by fields, then updatedAt and createdAt; the first is the
 * default. The project API and the data grid both read it.
 */
export function listSortFields(fields: readonly Field[]): string[] {
  const sortBy = fields.filter((field) => !isSystemField(field) && hasDirective(field.directives, "sortBy") && !effectiveFieldType(field)?.startsWith("List"));
  return [...sortBy.map((field) => field.name), "updatedAt", "createdAt"];
}

/** The default sort of updatedAt cannot be unset. */
export const isDefaultSortField = (field: Field) => isSystemField(field) && field.name === "updatedAt";

/** The derived flags stored with each field. */
export function fieldFlags(fieldType: FieldType | null | undefined) {
  return {
    isList: !!fieldType && fieldType.startsWith("List"),
    isEnum: fieldType === "Enum",
    isBoolean: fieldType === "Boolean",
  };
}
