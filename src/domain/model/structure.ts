import { MODEL_LIMITS, limitProblem } from "./limits";
import type { ModelProblem } from "./types";

type Path = (string | number)[];

/**
 * Keys that reach an object's prototype when code assigns them; JSON.parse makes them plain keys,
 * but nothing downstream should ever have to be careful with them, so they are refused anywhere.
 */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The nesting depth of JSON text, counted without parsing it: brackets outside strings.
 * Returns the position where the limit is passed, or -1.
 */
function tooDeepAt(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") {
      if (++depth > maxDepth) return index;
    } else if (char === "}" || char === "]") depth--;
  }
  return -1;
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/** A path kept as a chain back to the root, turned into a list only for a refusal. */
interface PathLink {
  key: string | number;
  parent: PathLink | null;
}

function pathOf(link: PathLink | null): Path {
  const path: Path = [];
  for (let at = link; at; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * Walks a parsed value without recursion (so junk nested thousands of levels deep cannot
 * overflow the stack): too deep, or a prototype key, is the first problem found.
 */
function walkProblem(value: unknown): ModelProblem | null {
  const stack: { value: unknown; depth: number; link: PathLink | null }[] = [{ value, depth: 0, link: null }];
  while (stack.length > 0) {
    const { value: current, depth, link } = stack.pop()!;
    if (!isObject(current)) continue;
    if (depth >= MODEL_LIMITS.depth) return limitProblem("depth", pathOf(link));
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        if (isObject(item)) stack.push({ value: item, depth: depth + 1, link: { key: index, parent: link } });
      });
      continue;
    }
    for (const key of Object.keys(current)) {
      const child = { key, parent: link };
      if (PROTOTYPE_KEYS.has(key)) {
        const path = pathOf(child);
        return { messageId: "error_model_invalid", path, values: { detail: `${path.join(".")} is not allowed` } };
      }
      const item = (current as Record<string, unknown>)[key];
      if (isObject(item)) stack.push({ value: item, depth: depth + 1, link: child });
    }
  }
  return null;
}

/**
 * The checks that must come before anything recursive touches a declaration (JSON.parse,
 * the shape check, JSON.stringify): its size and nesting depth, and no prototype keys.
 * Returns the parsed value, or the problem.
 */
export function readDeclaration(input: unknown): { value: unknown } | { problem: ModelProblem } {
  let value = input;
  if (typeof input === "string") {
    if (input.length > MODEL_LIMITS.declarationSize) return { problem: limitProblem("declarationSize", []) };
    if (tooDeepAt(input, MODEL_LIMITS.depth) !== -1) return { problem: limitProblem("depth", []) };
    try {
      value = JSON.parse(input);
    } catch (error) {
      const detail = error instanceof Error ? error.message : "not JSON";
      return { problem: { messageId: "error_model_invalid", path: [], values: { detail } } };
    }
  }
  const problem = walkProblem(value);
  if (problem) return { problem };
  // A value (not text) is measured once its depth is known to be safe to stringify.
  if (typeof input !== "string" && (JSON.stringify(value) ?? "").length > MODEL_LIMITS.declarationSize) {
    return { problem: limitProblem("declarationSize", []) };
  }
  return { value };
}
