const keys = new WeakMap<object, number>();
let next = 0;

/**
 * A React key for one query reference: a reload replaces the reference (same variables, new
 * fetch), and what shows its failure starts afresh with it.
 */
export function queryRefKey(queryRef: object): string {
  let key = keys.get(queryRef);
  if (key === undefined) keys.set(queryRef, (key = ++next));
  return String(key);
}
