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

/**
 * Walks a parsed value without recursion (so junk nested thousands of levels deep cannot
 * overflow the stack): too deep, or a prototype key, is the first problem found.
 */
function walkProblem(value: unknown): ModelProblem | null {
  const stack: { value: unknown; path: Path }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= MODEL_LIMITS.depth) return limitProblem("depth", path);
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.keys(current).map((key) => [key, (current as Record<string, unknown>)[key]]);
    for (const [key, item] of entries) {
      if (typeof key === "string" && PROTOTYPE_KEYS.has(key)) {
        return { messageId: "error_model_invalid", path: [...path, key], values: { detail: `${[...path, key].join(".")} is not allowed` } };
      }
      stack.push({ value: item, path: [...path, key] });
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
