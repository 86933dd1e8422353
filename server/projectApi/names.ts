import type { ObjectType } from "../../src/domain/model";

/**
 * The names of a table's operations and types in its project's schema (spec §7: "Names are a
 * prefix (create, batchCreate, update, delete, batchDelete, list, batchGet) plus the type name").
 */
const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

export function operationNames(objectType: Pick<ObjectType, "name">) {
  const name = objectType.name;
  return {
    get: `get${name}`,
    list: `list${name}`,
    listByParent: `list${name}ByParent`,
    batchGet: `batchGet${name}`,
    create: `create${name}`,
    batchCreate: `batchCreate${name}`,
    update: `update${name}`,
    delete: `delete${name}`,
    batchDelete: `batchDelete${name}`,
    onCreate: `onCreate${name}`,
    onUpdate: `onUpdate${name}`,
    onDelete: `onDelete${name}`,
  };
}

export function typeNames(objectType: Pick<ObjectType, "name">) {
  const name = objectType.name;
  return {
    object: name,
    connection: `${name}Connection`,
    edge: `${name}Edge`,
    filter: `${name}FilterInput`,
    sortField: `${name}SortField`,
    createInput: `Create${name}Input`,
    updateInput: `Update${name}Input`,
    deleteInput: `Delete${name}Input`,
  };
}

/** On a child: its parent entry (`post.user`); in its inputs, the parent's id (`userId`). */
export const parentFieldName = (parent: Pick<ObjectType, "name">) => lowerFirst(parent.name);
export const parentIdInputName = (parent: Pick<ObjectType, "name">) => `${lowerFirst(parent.name)}Id`;
/** On a parent: its children, listed like the root list (`user.listPost`). */
export const childrenFieldName = (child: Pick<ObjectType, "name">) => `list${child.name}`;
