import { renumberConnections } from "./connections";
import { declaredOnly } from "./declared";
import { hasDirective, setDirective, uniqueDirectives } from "./directives";
import { fieldFlags, isDefaultSortField } from "./fieldKinds";
import { collapseOperations, collapseRequired } from "./required";
import { collapsePublishingTypes } from "./publishing";
import { withImpliedGroupRead } from "./tableAccess";
import type { Field, ObjectType, SchemaModel } from "./types";

function normalizeField(field: Field): Field {
  let next: Field = { ...field, directives: uniqueDirectives(field.directives) };
  // Spec §5: a dynamic field is stored as a string with the dynamic directive.
  if (next.type === "Dynamic") {
    next = { ...next, type: "String", directives: setDirective(next.directives, "dynamic", true) };
  }
  if (isDefaultSortField(next) && !hasDirective(next.directives, "sortBy")) {
    next = { ...next, directives: setDirective(next.directives, "sortBy", true) };
  }
  next = { ...next, ...fieldFlags(next.type), typeId: next.type === "Enum" ? (next.typeId ?? null) : null };
  return collapseRequired(next);
}

function normalizeObjectType(objectType: ObjectType): ObjectType {
  let directives = uniqueDirectives(objectType.directives);
  // Public read implies group (spec §4).
  if (hasDirective(directives, "publicRead")) directives = withImpliedGroupRead(directives);
  // Spec §5: fields with no type are dropped on save.
  const fields = objectType.fields.filter((field) => field.type != null).map(normalizeField);
  const connector = fields.find((field) => hasDirective(field.directives, "connector"));
  const { publishingTypes, ...rest } = objectType;
  const publishing = collapsePublishingTypes(publishingTypes);
  const next: ObjectType = {
    ...rest,
    directives,
    fields,
    connectorFieldName: connector?.name ?? objectType.connectorFieldName ?? "id",
    ...(publishing ? { publishingTypes: publishing } : {}),
  };
  return renumberConnections(collapseOperations(next));
}

/**
 * What is stored on save: untyped fields dropped, dynamic fields as String + @dynamic, required
 * flags and operations collapsed, publishing types collapsed (all = absent), public read with
 * group, updatedAt sorted by, connection indexes 0..n-1, enum values trimmed and empty ones
 * dropped; built from declared keys only. Idempotent; safe on an invalid model, so the server
 * can normalize, then validate.
 */
export function normalizeModel(input: SchemaModel): SchemaModel {
  const model = declaredOnly(input);
  return {
    ...model,
    objectTypes: model.objectTypes.map(normalizeObjectType),
    enumTypes: model.enumTypes.map((enumType) => ({
      ...enumType,
      values: enumType.values
        .map((value) => ({ ...value, name: value.name.trim() }))
        .filter((value) => value.name !== ""),
    })),
  };
}
