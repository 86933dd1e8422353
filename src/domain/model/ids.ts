import type { SchemaModel } from "./types";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A fresh 6-character local id (spec §9), [a-z0-9]. */
export function localId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

/** Every id in the model, so new ids never collide with an existing one. */
export function takenIds(model: SchemaModel): Set<string> {
  const ids = new Set<string>();
  for (const objectType of model.objectTypes) {
    ids.add(objectType.id);
    for (const field of objectType.fields) ids.add(field.id);
    for (const resolver of objectType.resolvers) ids.add(resolver.id);
  }
  for (const enumType of model.enumTypes) ids.add(enumType.id);
  return ids;
}

/** A local id not in `taken`; adds it to `taken`. */
export function freshId(taken: Set<string>): string {
  let id = localId();
  while (taken.has(id)) id = localId();
  taken.add(id);
  return id;
}
