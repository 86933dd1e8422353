import { fieldFlags } from "./fieldKinds";
import { freshId, takenIds } from "./ids";
import type { EnumType, SchemaModel } from "./types";

export type EnumPatch = Partial<Omit<EnumType, "id">>;

/**
 * Puts a new, unnamed enum first — only if the first one is named (spec §5). Otherwise the model
 * is unchanged and `id` is the unnamed enum's, so the editor can focus it.
 */
export function addEnum(model: SchemaModel): { model: SchemaModel; id: string } {
  const first = model.enumTypes[0];
  if (first && !first.name.trim()) return { model, id: first.id };
  const enumType: EnumType = { id: freshId(takenIds(model)), name: "", values: [] };
  return { model: { ...model, enumTypes: [enumType, ...model.enumTypes] }, id: enumType.id };
}

export function updateEnum(model: SchemaModel, id: string, patch: EnumPatch): SchemaModel {
  return {
    ...model,
    enumTypes: model.enumTypes.map((enumType) => (enumType.id === id ? { ...enumType, ...patch, id } : enumType)),
  };
}

/** Appends an empty value — only if the last one is non-empty (spec §5). */
export function addEnumValue(model: SchemaModel, id: string): SchemaModel {
  const enumType = model.enumTypes.find((candidate) => candidate.id === id);
  const last = enumType?.values.at(-1);
  if (!enumType || (last && !last.name.trim())) return model;
  return updateEnum(model, id, { values: [...enumType.values, { name: "" }] });
}

/**
 * Removes an enum. Its fields keep their name but lose their type, so the editor shows them as
 * untyped until the user picks another type; untyped fields are dropped on save (spec §5).
 */
export function removeEnum(model: SchemaModel, id: string): SchemaModel {
  return {
    ...model,
    enumTypes: model.enumTypes.filter((enumType) => enumType.id !== id),
    objectTypes: model.objectTypes.map((objectType) =>
      objectType.fields.some((field) => field.type === "Enum" && field.typeId === id)
        ? {
            ...objectType,
            fields: objectType.fields.map((field) =>
              field.type === "Enum" && field.typeId === id
                ? { ...field, type: null, typeId: null, ...fieldFlags(null) }
                : field,
            ),
          }
        : objectType,
    ),
  };
}

/** The fields that use an enum as their type, by table — what removing the enum drops on save. */
export function fieldsUsingEnum(model: SchemaModel, id: string): { table: string; field: string }[] {
  return model.objectTypes.flatMap((objectType) =>
    objectType.fields
      .filter((field) => field.type === "Enum" && field.typeId === id)
      .map((field) => ({ table: objectType.name, field: field.name })),
  );
}
