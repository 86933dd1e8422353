import type { Directive, EnumType, Field, ObjectType, Resolver, SchemaModel } from "./types";

/** Copies only the named keys that are set: whatever else an object carries is left behind. */
function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const copy = {} as Pick<T, K>;
  for (const key of keys) {
    if (Object.hasOwn(source, key) && source[key] !== undefined) copy[key] = source[key];
  }
  return copy;
}

const directive = (value: Directive): Directive => pick(value, ["name", "args"]);

const field = (value: Field): Field => ({
  ...pick(value, ["id", "name", "type", "typeId", "readonly", "dynamicFieldConfig", "label", "state", "isList", "isEnum", "isBoolean"]),
  directives: value.directives.map(directive),
});

const resolver = (value: Resolver): Resolver =>
  pick(value, ["id", "name", "archive", "archiveType", "handler", "step", "runtime", "types", "actions"]);

const parentRef = <T extends { parentId: string; index: number } | null | undefined>(value: T) =>
  value ? { parentId: value.parentId, index: value.index } : value;

const objectType = (value: ObjectType): ObjectType => ({
  ...pick(value, ["id", "name", "connectorFieldName", "publishingTypes", "searchConfig", "usePrefix", "state", "selected"]),
  fields: value.fields.map(field),
  resolvers: value.resolvers.map(resolver),
  directives: value.directives.map(directive),
  targets: value.targets.map((target) => ({ targetId: target.targetId, index: target.index })),
  parents: pick({ first: parentRef(value.parents.first), second: parentRef(value.parents.second) }, ["first", "second"]),
});

const enumType = (value: EnumType): EnumType => ({
  ...pick(value, ["id", "name", "state"]),
  values: value.values.map((entry) => pick(entry, ["name", "selected"])),
});

/**
 * The model rebuilt from the keys spec §3 declares and nothing else, so a key that slipped past
 * the shape check (or was added by code) is never stored.
 */
export const declaredOnly = (model: SchemaModel): SchemaModel => ({
  ...pick(model, ["authProvidersConfig"]),
  objectTypes: model.objectTypes.map(objectType),
  enumTypes: model.enumTypes.map(enumType),
});
