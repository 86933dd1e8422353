/**
 * The change log's sequence of an event object, kept beside it (not in it, so the GraphQL
 * resolvers see the payload they always saw) for as long as the object lives.
 */
const sequences = new WeakMap<object, number>();

export function tagSequence<T extends object>(payload: T, seq: number): T {
  sequences.set(payload, seq);
  return payload;
}

export const sequenceOf = (payload: unknown): number | undefined =>
  typeof payload === "object" && payload !== null ? sequences.get(payload) : undefined;
