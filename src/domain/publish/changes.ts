import type { Directive, SchemaModel } from "../model/types";

/**
 * What a publish makes of a model, without what the editor keeps for itself (ids, the selected
 * flag, labels, states): tables by name with their fields, directives, publishing types,
 * connections and triggers; enums by name and values (spec §4 'Unpublished changes').
 */
function publishedShape(model: SchemaModel) {
  const tableName = new Map(model.objectTypes.map((objectType) => [objectType.id, objectType.name]));
  const enumName = new Map(model.enumTypes.map((enumType) => [enumType.id, enumType.name]));
  const directives = (list: readonly Directive[]) =>
    list.map((directive) => JSON.stringify([directive.name, directive.args ?? null])).sort();
  const byName = <T extends { name: string }>(list: readonly T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  return {
    tables: byName(model.objectTypes).map((objectType) => ({
      name: objectType.name,
      connector: objectType.connectorFieldName ?? "id",
      directives: directives(objectType.directives),
      publishingTypes: objectType.publishingTypes ?? null,
      fields: byName(objectType.fields).map((field) => ({
        name: field.name,
        type: field.type ?? null,
        enum: field.typeId ? (enumName.get(field.typeId) ?? null) : null,
        directives: directives(field.directives),
      })),
      targets: objectType.targets.map((target) => [tableName.get(target.targetId) ?? null, target.index]),
      parents: [objectType.parents.first, objectType.parents.second].map((parent) =>
        parent ? [tableName.get(parent.parentId) ?? null, parent.index] : null,
      ),
      triggers: byName(objectType.resolvers).map(({ id: _id, ...trigger }) => trigger),
    })),
    enums: byName(model.enumTypes).map((enumType) => ({ name: enumType.name, values: enumType.values.map((value) => value.name) })),
  };
}

/**
 * Whether the current model differs from the one the latest publish run published. With no run
 * there is nothing published to differ from, so the project's state decides (never published).
 */
export function hasUnpublishedChanges(published: SchemaModel | null, current: SchemaModel): boolean {
  if (!published) return false;
  return JSON.stringify(publishedShape(published)) !== JSON.stringify(publishedShape(current));
}
