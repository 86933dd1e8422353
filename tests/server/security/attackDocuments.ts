/*
 * Documents from the outside attack on the document passes, shared by the security tests and
 * the bench (scripts/bench/attacks.ts). Each is a few hundred bytes and stands for 2^n (or
 * fanOut^n) selections once its fragments are written out.
 */

export interface FragmentChainOptions {
  /** Spreads of the previous fragment per fragment (2 doubles the size at each level). */
  fanOut?: number;
  /** The root type the chain spreads on: Query, Mutation or Subscription. */
  root?: "Query" | "Mutation" | "Subscription";
  /** What the first fragment selects; `__typename` exists on every root type. */
  leaf?: string;
  /** How each spread is written: plainly, inside an inline fragment, or next to an aliased field. */
  via?: "spread" | "inline" | "alias";
}

/**
 * `fragment F1 on Query { ...F0 ...F0 } fragment F2 on Query { ...F1 ...F1 } …`, and the
 * operation spreads the last one.
 */
export function fragmentChain(levels: number, options: FragmentChainOptions = {}) {
  const { fanOut = 2, root = "Query", leaf = "__typename", via = "spread" } = options;
  const operation = root === "Query" ? "query" : root === "Mutation" ? "mutation" : "subscription";
  const spread = (level: number, copy: number) =>
    via === "inline" ? `... on ${root} { ...F${level} }` : via === "alias" ? `a${copy}: __typename ...F${level}` : `...F${level}`;
  const fragments = [`fragment F0 on ${root} { ${leaf} }`];
  for (let level = 1; level <= levels; level++) {
    fragments.push(`fragment F${level} on ${root} { ${Array.from({ length: fanOut }, (_, copy) => spread(level - 1, copy)).join(" ")} }`);
  }
  return `${operation} Attack { ...F${levels} }\n${fragments.join("\n")}`;
}

/** `{"a":{"a":…}}`, `levels` objects deep, as JSON text (built without recursion). */
export function nestedJson(levels: number, key = "a", innermost = "{}") {
  return `{"${key}":`.repeat(levels) + innermost + "}".repeat(levels);
}

/** `[[[…]]]`, `levels` lists deep, as JSON text. */
export function nestedArrays(levels: number) {
  return "[".repeat(levels) + "]".repeat(levels);
}
