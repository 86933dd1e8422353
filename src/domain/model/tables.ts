import { removeConnection, connectionsOf } from "./connections";
import { withoutDirectives } from "./directives";
import { fieldFlags } from "./fieldKinds";
import { freshId, takenIds } from "./ids";
import { nextNumberedName } from "./names";
import type { Field, ObjectType, SchemaModel } from "./types";

/** Applies `change` to one type; the model is returned unchanged when the type is missing. */
export function updateObjectType(
  model: SchemaModel,
  typeId: string,
  change: (objectType: ObjectType) => ObjectType,
): SchemaModel {
  if (!model.objectTypes.some((objectType) => objectType.id === typeId)) return model;
  return {
    ...model,
    objectTypes: model.objectTypes.map((objectType) => (objectType.id === typeId ? change(objectType) : objectType)),
  };
}

/** id (ID), createdAt and updatedAt (strings, as spec §3 says), read-only; updatedAt is the default sort. */
function systemFields(taken: Set<string>): Field[] {
  const field = (name: string, type: "ID" | "String", sortBy = false): Field => ({
    id: freshId(taken),
    name,
    type,
    directives: sortBy ? [{ name: "sortBy" }] : [],
    readonly: true,
    ...fieldFlags(type),
  });
  return [field("id", "ID"), field("createdAt", "String"), field("updatedAt", "String", true)];
}

function newObjectType(name: string, taken: Set<string>): ObjectType {
  return {
    id: freshId(taken),
    name,
    connectorFieldName: "id",
    fields: systemFields(taken),
    resolvers: [],
    directives: [],
    targets: [],
    parents: { first: null, second: null },
  };
}

/** A project's first model: Table1 with id, createdAt and updatedAt. */
export function initialModel(): SchemaModel {
  return { objectTypes: [newObjectType("Table1", new Set())], enumTypes: [] };
}

/** Appends a table named NewTableN (N one above the highest), or the given name. */
export function addObjectType(model: SchemaModel, name?: string): { model: SchemaModel; id: string } {
  const taken = takenIds(model);
  const objectType = newObjectType(
    name ?? nextNumberedName("NewTable", model.objectTypes.map((existing) => existing.name)),
    taken,
  );
  return { model: { ...model, objectTypes: [...model.objectTypes, objectType] }, id: objectType.id };
}

/** "<name>Copy", then "<name>Copy2", "<name>Copy3"… — the first not taken (case-insensitive). */
function copyName(name: string, existing: readonly string[]): string {
  const taken = new Set(existing.map((other) => other.toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = `${name}Copy${n === 1 ? "" : n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * Inserts a copy after the original with fresh ids and no parents or targets. The copy is never
 * the users table: the users directive and the user email/password field directives stay behind.
 */
export function duplicateObjectType(model: SchemaModel, id: string): { model: SchemaModel; id: string } {
  const position = model.objectTypes.findIndex((objectType) => objectType.id === id);
  if (position < 0) return { model, id };
  const original = model.objectTypes[position];
  const taken = takenIds(model);
  const { state: _state, selected: _selected, ...rest } = original;
  const copy: ObjectType = {
    ...rest,
    id: freshId(taken),
    name: copyName(original.name, model.objectTypes.map((objectType) => objectType.name)),
    directives: withoutDirectives(original.directives, ["users"]),
    fields: original.fields.map((field) => ({
      ...field,
      id: freshId(taken),
      directives: withoutDirectives(field.directives, ["userEmail", "userPassword"]),
    })),
    resolvers: original.resolvers.map((resolver) => ({ ...resolver, id: freshId(taken) })),
    targets: [],
    parents: { first: null, second: null },
  };
  const objectTypes = [...model.objectTypes];
  objectTypes.splice(position + 1, 0, copy);
  return { model: { ...model, objectTypes }, id: copy.id };
}

/** Removes a table and its connections on the other side (indexes renumbered there). */
export function removeObjectType(model: SchemaModel, id: string): SchemaModel {
  const objectType = model.objectTypes.find((candidate) => candidate.id === id);
  if (!objectType) return model;
  const disconnected = connectionsOf(objectType).reduce(
    (current, connection) => removeConnection(current, id, connection.typeId),
    model,
  );
  return { ...disconnected, objectTypes: disconnected.objectTypes.filter((candidate) => candidate.id !== id) };
}

export const renameObjectType = (model: SchemaModel, id: string, name: string): SchemaModel =>
  updateObjectType(model, id, (objectType) => ({ ...objectType, name }));
