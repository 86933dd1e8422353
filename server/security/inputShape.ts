import type { Plugin } from "graphql-yoga";
import { LIST_MAX_LIMIT, MAX_INPUT_DEPTH } from "../../src/domain/limits";
import { refuse } from "../graphqlKit/errors";

/**
 * How much a request's variables may hold, checked in one pass without recursion before graphql
 * coerces them (which recurses, and for a huge batch spends most of the request's CPU) and
 * before the other limits walk them. Each number is far above what a real call sends: an
 * operation declares a handful of variables, a batch holds at most 100 entries, a list page at
 * most LIST_MAX_LIMIT rows.
 */
export const INPUT_SHAPE_LIMITS = {
  /** Top-level variables; an operation only ever reads those it declares. */
  maxVariables: 1_000,
  /** Items of any one list. */
  maxListLength: LIST_MAX_LIMIT,
  /** Every value in all variables together (each object, list, text, number…). */
  maxValues: 50_000,
} as const;

export const inputTooDeep = () =>
  refuse("BAD_USER_INPUT", "error_input_too_deep", `This input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`, {
    maxDepth: MAX_INPUT_DEPTH,
    values: { maxDepth: String(MAX_INPUT_DEPTH) },
    http: { status: 400 },
  });

const inputTooLarge = (max: number, what: string) =>
  refuse("BAD_USER_INPUT", "error_input_too_large", `This request sends too many values at once: at most ${max} ${what}.`, {
    max,
    values: { max: String(max) },
    http: { status: 400 },
  });

/** The refusal for variables beyond INPUT_SHAPE_LIMITS or MAX_INPUT_DEPTH; null when they are within. */
export function variablesShapeRefusal(variables: Record<string, unknown> | null | undefined) {
  if (!variables) return null;
  const names = Object.keys(variables);
  if (names.length > INPUT_SHAPE_LIMITS.maxVariables) return inputTooLarge(INPUT_SHAPE_LIMITS.maxVariables, "variables");
  let values = 0;
  const pending: [unknown, number][] = names.map((name) => [variables[name], 0]);
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (++values > INPUT_SHAPE_LIMITS.maxValues) return inputTooLarge(INPUT_SHAPE_LIMITS.maxValues, "values in all variables");
    if (value === null || typeof value !== "object") continue;
    if (depth + 1 > MAX_INPUT_DEPTH) return inputTooDeep();
    if (Array.isArray(value)) {
      if (value.length > INPUT_SHAPE_LIMITS.maxListLength) return inputTooLarge(INPUT_SHAPE_LIMITS.maxListLength, "items in one list");
      for (const item of value) pending.push([item, depth + 1]);
    } else {
      for (const key in value) pending.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return null;
}

/**
 * Refuses variables beyond the limits before execution. Registered before the other plugins
 * that read variables (cost, text limits), so none of them walks an oversized input.
 */
export function inputShapePlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refusal = variablesShapeRefusal(args.variableValues);
      if (refusal) setResultAndStopExecution({ errors: [refusal] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const refusal = variablesShapeRefusal(args.variableValues);
      if (refusal) setResultAndStopExecution({ errors: [refusal] });
    },
  };
}

/**
 * The same limits read off a request's JSON text before it is parsed: JSON.parse of a body that
 * is only brackets, or of an object with tens of thousands of keys, takes longer than anything
 * else the request does. One pass over the bytes (brackets, quotes, commas and colons are single
 * bytes in UTF-8, never part of another character), counting per open list or object.
 * `variablesDepth` is how many objects hold the variables object (the body: 1; a graphql-ws
 * message: 2). Counts of values are upper bounds that allow for the few members around them.
 */
export function jsonTextShapeRefusal(text: Uint8Array, variablesDepth: number) {
  const maxDepth = variablesDepth + 1 + MAX_INPUT_DEPTH;
  const maxCommas = INPUT_SHAPE_LIMITS.maxValues + ENVELOPE_MEMBERS;
  const maxVariables = INPUT_SHAPE_LIMITS.maxVariables + ENVELOPE_MEMBERS;
  // Per open level: its commas so far, and whether it is a list.
  const commas = new Int32Array(maxDepth + 1);
  const isList = new Uint8Array(maxDepth + 1);
  let depth = 0;
  let allCommas = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_LIST || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return inputTooDeep();
      commas[depth] = 0;
      isList[depth] = byte === OPEN_LIST ? 1 : 0;
    } else if (byte === CLOSE_LIST || byte === CLOSE_OBJECT) depth--;
    else if (byte === COMMA && depth > 0) {
      if (++allCommas > maxCommas) return inputTooLarge(INPUT_SHAPE_LIMITS.maxValues, "values in all variables");
      const members = ++commas[depth];
      if (isList[depth] && members >= INPUT_SHAPE_LIMITS.maxListLength) return inputTooLarge(INPUT_SHAPE_LIMITS.maxListLength, "items in one list");
      // Members of the objects at the variables' level: the variables, and the few of an extensions object.
      if (depth === variablesDepth + 1 && members >= maxVariables) return inputTooLarge(INPUT_SHAPE_LIMITS.maxVariables, "variables");
    }
  }
  return null;
}

/** Room for the members around the variables: query, operationName, extensions, a message's id and type. */
const ENVELOPE_MEMBERS = 16;
const [QUOTE, BACKSLASH, COMMA] = [0x22, 0x5c, 0x2c];
const [OPEN_LIST, CLOSE_LIST, OPEN_OBJECT, CLOSE_OBJECT] = [0x5b, 0x5d, 0x7b, 0x7d];
