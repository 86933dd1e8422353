import type { ModelProblem, ObjectType, SchemaModel } from "./types";

/**
 * Connections (spec §4): has-many on the parent's `targets`, belongs-to in the child's two
 * `parents` slots. Every type numbers its own connections (targets and parents together) with
 * `index`; both sides are always changed together.
 */
export type ConnectionKind = "hasMany" | "belongsTo";

export interface Connection {
  kind: ConnectionKind;
  /** The type on the other side. */
  typeId: string;
  index: number;
}

const PARENT_SLOTS = ["first", "second"] as const;

/** A type's connections ordered by index. */
export function connectionsOf(objectType: ObjectType): Connection[] {
  const connections: Connection[] = objectType.targets.map((target) => ({
    kind: "hasMany",
    typeId: target.targetId,
    index: target.index,
  }));
  for (const slot of PARENT_SLOTS) {
    const parent = objectType.parents[slot];
    if (parent) connections.push({ kind: "belongsTo", typeId: parent.parentId, index: parent.index });
  }
  return connections.sort((a, b) => a.index - b.index);
}

export const parentCount = (objectType: ObjectType) => PARENT_SLOTS.filter((slot) => objectType.parents[slot]).length;

const isConnected = (a: ObjectType, b: ObjectType) => connectionsOf(a).some((c) => c.typeId === b.id);

const nextIndex = (objectType: ObjectType) =>
  connectionsOf(objectType).reduce((max, connection) => Math.max(max, connection.index + 1), 0);

function replaceTypes(model: SchemaModel, changed: ObjectType[]): SchemaModel {
  const byId = new Map(changed.map((objectType) => [objectType.id, objectType]));
  return { ...model, objectTypes: model.objectTypes.map((objectType) => byId.get(objectType.id) ?? objectType) };
}

/**
 * Connects two types (has-many: `fromTypeId` is the parent). Returns the model unchanged when the
 * connection is impossible: a missing or the same type, already connected, or a child with two parents.
 */
export function addConnection(
  model: SchemaModel,
  fromTypeId: string,
  toTypeId: string,
  kind: ConnectionKind,
): SchemaModel {
  const from = model.objectTypes.find((objectType) => objectType.id === fromTypeId);
  const to = model.objectTypes.find((objectType) => objectType.id === toTypeId);
  if (!from || !to || from === to || isConnected(from, to)) return model;
  const [parent, child] = kind === "hasMany" ? [from, to] : [to, from];
  const slot = PARENT_SLOTS.find((candidate) => !child.parents[candidate]);
  if (!slot) return model;
  return replaceTypes(model, [
    { ...parent, targets: [...parent.targets, { targetId: child.id, index: nextIndex(parent) }] },
    { ...child, parents: { ...child.parents, [slot]: { parentId: parent.id, index: nextIndex(child) } } },
  ]);
}

/** Drops this type's connection to `otherId` and renumbers the indexes above it. */
function dropConnection(objectType: ObjectType, otherId: string): ObjectType {
  const removed = connectionsOf(objectType).find((connection) => connection.typeId === otherId);
  if (!removed) return objectType;
  const shift = (index: number) => (index > removed.index ? index - 1 : index);
  const parents = { ...objectType.parents };
  for (const slot of PARENT_SLOTS) {
    const parent = parents[slot];
    if (!parent) continue;
    parents[slot] = parent.parentId === otherId ? null : { ...parent, index: shift(parent.index) };
  }
  return {
    ...objectType,
    targets: objectType.targets
      .filter((target) => target.targetId !== otherId)
      .map((target) => ({ ...target, index: shift(target.index) })),
    parents,
  };
}

/** Removes the connection between two types, whichever direction it has, on both sides. */
export function removeConnection(model: SchemaModel, fromTypeId: string, toTypeId: string): SchemaModel {
  const from = model.objectTypes.find((objectType) => objectType.id === fromTypeId);
  const to = model.objectTypes.find((objectType) => objectType.id === toTypeId);
  const changed = [from && dropConnection(from, toTypeId), to && dropConnection(to, fromTypeId)];
  return replaceTypes(model, changed.filter((objectType): objectType is ObjectType => !!objectType));
}

/**
 * What the Connections tab may offer (spec §5): has-many needs an unconnected type with a free
 * parent slot, belongs-to needs a free parent slot here. `targets` is every type either allows.
 */
export function connectionOptions(
  model: SchemaModel,
  typeId: string,
): { hasMany: boolean; belongsTo: boolean; targets: string[]; hasManyTargets: string[]; belongsToTargets: string[] } {
  const self = model.objectTypes.find((objectType) => objectType.id === typeId);
  const unconnected = self
    ? model.objectTypes.filter((other) => other.id !== typeId && !isConnected(self, other))
    : [];
  const hasManyTargets = unconnected.filter((other) => parentCount(other) < 2).map((other) => other.id);
  const belongsToTargets = self && parentCount(self) < 2 ? unconnected.map((other) => other.id) : [];
  const either = new Set([...hasManyTargets, ...belongsToTargets]);
  return {
    hasMany: hasManyTargets.length > 0,
    belongsTo: belongsToTargets.length > 0,
    targets: unconnected.map((other) => other.id).filter((id) => either.has(id)),
    hasManyTargets,
    belongsToTargets,
  };
}

/** Renumbers a type's connection indexes to 0..n-1, keeping their order. */
export function renumberConnections(objectType: ObjectType): ObjectType {
  const order = connectionsOf(objectType);
  const position = (kind: ConnectionKind, typeId: string) =>
    order.findIndex((connection) => connection.kind === kind && connection.typeId === typeId);
  const parents = { ...objectType.parents };
  for (const slot of PARENT_SLOTS) {
    const parent = parents[slot];
    if (parent) parents[slot] = { ...parent, index: position("belongsTo", parent.parentId) };
  }
  return {
    ...objectType,
    targets: objectType.targets.map((target) => ({ ...target, index: position("hasMany", target.targetId) })),
    parents,
  };
}

/**
 * Connections point at existing other types, appear on both sides, connect a pair of types once,
 * and number at most the other types (spec §4, §5).
 */
export function connectionProblems(model: SchemaModel): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const byId = new Map(model.objectTypes.map((objectType) => [objectType.id, objectType]));
  model.objectTypes.forEach((objectType, typeIndex) => {
    const seen = new Set<string>();
    const check = (otherId: string, path: (string | number)[], mirrored: (other: ObjectType) => boolean) => {
      const other = byId.get(otherId);
      if (!other || other === objectType || seen.has(otherId) || !mirrored(other)) {
        problems.push({ messageId: "error_model_connection_invalid", path: ["objectTypes", typeIndex, ...path] });
      }
      seen.add(otherId);
    };
    objectType.targets.forEach((target, targetIndex) =>
      check(target.targetId, ["targets", targetIndex], (other) =>
        PARENT_SLOTS.some((slot) => other.parents[slot]?.parentId === objectType.id),
      ),
    );
    for (const slot of PARENT_SLOTS) {
      const parent = objectType.parents[slot];
      if (!parent) continue;
      check(parent.parentId, ["parents", slot], (other) =>
        other.targets.some((target) => target.targetId === objectType.id),
      );
    }
    const count = objectType.targets.length + parentCount(objectType);
    if (count > model.objectTypes.length - 1) {
      problems.push({
        messageId: "error_model_too_many_connections",
        path: ["objectTypes", typeIndex, "targets"],
        values: { max: model.objectTypes.length - 1 },
      });
    }
  });
  return problems;
}
