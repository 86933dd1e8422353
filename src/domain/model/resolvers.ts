import { freshId, takenIds } from "./ids";
import { updateObjectType } from "./tables";
import { RESOLVER_TYPES, type Resolver, type ResolverType, type SchemaModel } from "./types";

export type ResolverPatch = Partial<Omit<Resolver, "id">>;

/**
 * Appends a trigger: before, all six operation types, Node 18 (spec §4) — only if the last one has
 * a name (spec §5). Otherwise the model is unchanged and `id` is the unnamed trigger's.
 */
export function addResolver(model: SchemaModel, typeId: string): { model: SchemaModel; id: string } {
  const objectType = model.objectTypes.find((candidate) => candidate.id === typeId);
  if (!objectType) return { model, id: "" };
  const last = objectType.resolvers.at(-1);
  if (last && !last.name.trim()) return { model, id: last.id };
  const resolver: Resolver = {
    id: freshId(takenIds(model)),
    name: "",
    step: "before",
    runtime: "nodejs18.x",
    types: [...RESOLVER_TYPES],
    // Spec §3: the archive lives in a storage bucket by default.
    archiveType: "S3",
  };
  return {
    model: updateObjectType(model, typeId, (current) => ({ ...current, resolvers: [...current.resolvers, resolver] })),
    id: resolver.id,
  };
}

export function updateResolver(
  model: SchemaModel,
  typeId: string,
  resolverId: string,
  patch: ResolverPatch,
): SchemaModel {
  return updateObjectType(model, typeId, (objectType) => ({
    ...objectType,
    resolvers: objectType.resolvers.map((resolver) =>
      resolver.id === resolverId ? { ...resolver, ...patch, id: resolverId } : resolver,
    ),
  }));
}

export function removeResolver(model: SchemaModel, typeId: string, resolverId: string): SchemaModel {
  return updateObjectType(model, typeId, (objectType) => ({
    ...objectType,
    resolvers: objectType.resolvers.filter((resolver) => resolver.id !== resolverId),
  }));
}

/**
 * A trigger's types toggle individually or as All (spec §4); the last remaining type cannot be
 * unchecked, so All on a full list changes nothing.
 */
export function toggleResolverType(resolver: Resolver, toggled: ResolverType | "all"): Resolver {
  const on = new Set(resolver.types);
  if (toggled === "all") {
    if (on.size === RESOLVER_TYPES.length) return resolver;
    return { ...resolver, types: [...RESOLVER_TYPES] };
  }
  if (on.has(toggled)) {
    if (on.size === 1) return resolver;
    on.delete(toggled);
  } else {
    on.add(toggled);
  }
  return { ...resolver, types: RESOLVER_TYPES.filter((resolverType) => on.has(resolverType)) };
}
