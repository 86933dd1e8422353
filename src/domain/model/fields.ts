import { hasDirective, setDirective } from "./directives";
import { canSortBy, effectiveFieldType, fieldFlags, isDefaultSortField } from "./fieldKinds";
import { freshId, takenIds } from "./ids";
import { nextNumberedName } from "./names";
import { updateObjectType } from "./tables";
import type { Field, SchemaModel } from "./types";

export type FieldPatch = Partial<Omit<Field, "id">>;

/** Appends newFieldN (N one above the highest existing) of type String, or the given settings. */
export function addField(
  model: SchemaModel,
  typeId: string,
  partial: FieldPatch = {},
): { model: SchemaModel; id: string } {
  const objectType = model.objectTypes.find((candidate) => candidate.id === typeId);
  if (!objectType) return { model, id: "" };
  const type = partial.type === undefined ? "String" : partial.type;
  const field: Field = {
    name: nextNumberedName("newField", objectType.fields.map((existing) => existing.name)),
    directives: [],
    ...partial,
    type,
    ...fieldFlags(type),
    readonly: false,
    id: freshId(takenIds(model)),
  };
  return {
    model: updateObjectType(model, typeId, (current) => ({ ...current, fields: [...current.fields, field] })),
    id: field.id,
  };
}

/** Only the label of a read-only field can change: id and createdAt are not configurable, the
 * required setting of read-only fields is immutable, and updatedAt always stays the default sort. */
const READONLY_PATCHABLE = ["label", "state"] as const;

/**
 * Changes a field. A type change recomputes isList/isEnum/isBoolean, drops the enum reference
 * unless the type is Enum, and drops the sort flag when the new type cannot be sorted. Renaming
 * the connector keeps the table's connectorFieldName pointing at it.
 */
export function updateField(model: SchemaModel, typeId: string, fieldId: string, patch: FieldPatch): SchemaModel {
  return updateObjectType(model, typeId, (objectType) => {
    const field = objectType.fields.find((candidate) => candidate.id === fieldId);
    if (!field) return objectType;
    let next: Field;
    if (field.readonly) {
      next = { ...field };
      for (const key of READONLY_PATCHABLE) if (key in patch) next = { ...next, [key]: patch[key] };
    } else {
      const { readonly: _readonly, ...allowed } = patch;
      next = { ...field, ...allowed, id: field.id };
      if ("type" in patch && patch.type !== field.type) {
        next = { ...next, ...fieldFlags(next.type), typeId: next.type === "Enum" ? (next.typeId ?? null) : null };
        if (!canSortBy(next)) next = { ...next, directives: setDirective(next.directives, "sortBy", false) };
      }
    }
    const renamedConnector = objectType.connectorFieldName === field.name && next.name !== field.name;
    return {
      ...objectType,
      connectorFieldName: renamedConnector ? next.name : objectType.connectorFieldName,
      fields: objectType.fields.map((candidate) => (candidate.id === fieldId ? next : candidate)),
    };
  });
}

/** Removes a field; the three system fields cannot be removed. A removed connector falls back to id. */
export function removeField(model: SchemaModel, typeId: string, fieldId: string): SchemaModel {
  return updateObjectType(model, typeId, (objectType) => {
    const field = objectType.fields.find((candidate) => candidate.id === fieldId);
    if (!field || field.readonly) return objectType;
    return {
      ...objectType,
      connectorFieldName: objectType.connectorFieldName === field.name ? "id" : objectType.connectorFieldName,
      fields: objectType.fields.filter((candidate) => candidate.id !== fieldId),
    };
  });
}

/** Toggles a field's sort flag where allowed; updatedAt's default sort cannot be unset. */
export function toggleSortBy(field: Field): Field {
  if (isDefaultSortField(field) || !canSortBy(field)) return field;
  return { ...field, directives: setDirective(field.directives, "sortBy", !hasDirective(field.directives, "sortBy")) };
}

/** Makes one field the table's connector (spec §5: the connector is one field, id by default). */
export function setConnector(model: SchemaModel, typeId: string, fieldId: string): SchemaModel {
  return updateObjectType(model, typeId, (objectType) => {
    const connector = objectType.fields.find((field) => field.id === fieldId);
    if (!connector || effectiveFieldType(connector) === null) return objectType;
    return {
      ...objectType,
      connectorFieldName: connector.name,
      fields: objectType.fields.map((field) => ({
        ...field,
        directives: setDirective(field.directives, "connector", field.id === fieldId && connector.name !== "id"),
      })),
    };
  });
}
