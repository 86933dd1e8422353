import {
  FILTER_LOGIC_NAMES,
  PROJECT_BASE_OPERATION_NAMES,
  PROJECT_BASE_TYPE_NAMES,
  childrenFieldName,
  exposesOwner,
  operationNames,
  parentFieldName,
  parentIdInputName,
  typeNames,
} from "./apiNames";
import { isSystemField } from "./fieldKinds";
import { READONLY_FIELD_NAMES } from "./names";
import type { ObjectType, SchemaModel } from "./types";

/**
 * Where a name of the generated API comes from: every project's API (`base`), what every table
 * has (`system`), a table's own name or one generated from it, an enum, a field of a table, or a
 * connection (the field or input a connected table `via` adds to table `table`).
 */
export type NameSource =
  | { kind: "base" }
  | { kind: "system" }
  | { kind: "filterLogic" }
  | { kind: "generated"; table: number }
  | { kind: "connection"; table: number; via: number }
  | { kind: "table"; table: number }
  | { kind: "enum"; enum: number }
  | { kind: "field"; table: number; field: number };

/**
 * A name the generated schema holds, in the namespace it must be unique in: `type` (all type
 * names), `operation` (queries, mutations and subscriptions), and per table `object:<i>` (the
 * entry type's fields), `input:<i>` (its create and update inputs), `filter:<i>` (its filter).
 */
export interface GeneratedName {
  scope: string;
  name: string;
  source: NameSource;
}

const PARENT_SLOTS = ["first", "second"] as const;

/**
 * Every name the generated project schema will hold for this model, in precedence order: names
 * no one can rename (the base API, system fields) first, then names derived from the model's
 * names, then the names the user typed. A name listed twice in one scope is a collision, and the
 * later claim is the one to rename. Linear in the model's size.
 */
export function generatedNames(model: SchemaModel): GeneratedName[] {
  const fixed: GeneratedName[] = [];
  const derived: GeneratedName[] = [];
  const typed: GeneratedName[] = [];
  for (const name of PROJECT_BASE_TYPE_NAMES) fixed.push({ scope: "type", name, source: { kind: "base" } });
  for (const name of PROJECT_BASE_OPERATION_NAMES) fixed.push({ scope: "operation", name, source: { kind: "base" } });

  const indexById = new Map(model.objectTypes.map((objectType, index) => [objectType.id, index]));
  const childrenOf = new Map<number, number[]>();
  // One parent in both slots is refused as an invalid connection; it adds its names once here.
  const parentsOf = (objectType: ObjectType) => [
    ...new Set(PARENT_SLOTS.flatMap((slot) => indexById.get(objectType.parents[slot]?.parentId ?? "") ?? [])),
  ];
  model.objectTypes.forEach((objectType, index) => {
    for (const parent of parentsOf(objectType)) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), index]);
  });

  model.objectTypes.forEach((objectType, table) => {
    const object = `object:${table}`;
    const input = `input:${table}`;
    const filter = `filter:${table}`;
    const system = { kind: "system" } as const;
    for (const name of READONLY_FIELD_NAMES) fixed.push({ scope: object, name, source: system }, { scope: filter, name, source: system });
    if (exposesOwner(objectType.fields)) fixed.push({ scope: object, name: "owner", source: system });
    fixed.push({ scope: input, name: "id", source: system });
    for (const name of FILTER_LOGIC_NAMES) fixed.push({ scope: filter, name, source: { kind: "filterLogic" } });

    const generated = { kind: "generated", table } as const;
    const { object: ownName, ...types } = typeNames(objectType);
    typed.push({ scope: "type", name: ownName, source: { kind: "table", table } });
    for (const name of Object.values(types)) derived.push({ scope: "type", name, source: generated });
    const parents = parentsOf(objectType);
    const { listByParent, ...operations } = operationNames(objectType);
    for (const name of Object.values(operations)) derived.push({ scope: "operation", name, source: generated });
    if (parents.length) derived.push({ scope: "operation", name: listByParent, source: generated });
    for (const via of parents) {
      const parent = model.objectTypes[via];
      derived.push(
        { scope: object, name: parentFieldName(parent), source: { kind: "connection", table, via } },
        { scope: input, name: parentIdInputName(parent), source: { kind: "connection", table, via } },
      );
    }
    for (const via of childrenOf.get(table) ?? []) {
      derived.push({ scope: object, name: childrenFieldName(model.objectTypes[via]), source: { kind: "connection", table, via } });
    }
    objectType.fields.forEach((field, index) => {
      // Untyped fields are dropped on save; system fields are claimed above.
      if (field.type == null || isSystemField(field)) return;
      const source = { kind: "field", table, field: index } as const;
      typed.push({ scope: object, name: field.name, source }, { scope: input, name: field.name, source }, { scope: filter, name: field.name, source });
    });
  });
  model.enumTypes.forEach((enumType, index) => typed.push({ scope: "type", name: enumType.name, source: { kind: "enum", enum: index } }));
  return [...fixed, ...derived, ...typed];
}
