/**
 * Values in a flow's steps are constants or contain references in double braces:
 * `{{trigger.entry.total}}`, `{{trigger.body.email}}`, `{{steps.<stepId>.output.id}}`, and in a
 * loop's steps `{{loop.item}}` and `{{loop.index}}`. A value
 * that is one reference alone keeps the referenced value's type (a number stays a number);
 * references inside text are written into it.
 */
const REFERENCE = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;
const ALONE = /^\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}$/;

/** The paths referenced in a value, in order. */
export function referencesIn(value: string): string[] {
  return Array.from(value.matchAll(REFERENCE), (match) => match[1]);
}

/** The step a path reads from (`steps.<id>…`), or null for the trigger's values. */
export const stepOfReference = (path: string): string | null => (path.startsWith("steps.") ? path.split(".")[1] ?? "" : null);

/** Whether a path starts where a run has values: the trigger, a step, or (in a loop's steps) the loop's item. */
export const isKnownRoot = (path: string) => path === "trigger" || path.startsWith("trigger.") || path.startsWith("steps.") || path === "loop" || path.startsWith("loop.");

/** Whether a path names something a run has: the trigger, the loop's item, or an existing step (the editor's check and its suggestions). */
export function isKnownReference(path: string, stepIds: ReadonlySet<string>) {
  const referenced = stepOfReference(path);
  return isKnownRoot(path) && (referenced === null || stepIds.has(referenced));
}

function lookUp(scope: unknown, path: string): unknown {
  let current: unknown = scope;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const asText = (value: unknown) => (value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value));

/** The value with its references read from `scope` ({ trigger, steps }). */
export function resolveValue(value: string, scope: unknown): unknown {
  const alone = ALONE.exec(value);
  if (alone) return lookUp(scope, alone[1]) ?? null;
  return value.replace(REFERENCE, (_, path: string) => asText(lookUp(scope, path)));
}
