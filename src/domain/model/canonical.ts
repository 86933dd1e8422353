/**
 * A model (or a part of one) as JSON with its keys sorted and without the editor's `selected`
 * flag: the same text for the same model, whatever order its keys were written or read back in
 * (jsonb keeps its own), so two versions or a cached build compare by it.
 */
export function canonicalModelJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (!inner || typeof inner !== "object" || Array.isArray(inner)) return inner;
    return Object.fromEntries(
      Object.keys(inner)
        .filter((name) => name !== "selected")
        .sort()
        .map((name) => [name, (inner as Record<string, unknown>)[name]]),
    );
  });
}
