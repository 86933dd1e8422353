import { isKnownReference } from "./expressions";
import type { FlowSchema } from "./types";

/** One reference the editor offers: the path written between `{{` and `}}`, and what it reads. */
export interface ReferenceOption {
  path: string;
  /** The trigger's or step's name the path reads from. */
  source: string;
}

/** What each trigger variant gives a run (server/flows: start.ts, dataTriggers.ts, webhook.ts, schedule.ts, resolvers.ts). */
const TRIGGER_VALUES: Record<string, readonly string[]> = {
  data: ["table", "change", "entry", "entry.id"],
  schedule: ["scheduledAt"],
  webhook: ["body"],
  manual: ["input"],
};

/** What an entry step's output has: the entry's id and the table's fields. */
const ENTRY_OUTPUTS = new Set(["createEntry", "updateEntry", "deleteEntry"]);

/**
 * The steps whose output a run has when it reaches `stepId`: those from which it is reached (a
 * reverse walk, linear). A loop reached through its body (`loopStep`) has no output yet there, but
 * the steps before the loop do.
 */
function stepsBefore(schema: FlowSchema, stepId: string): Set<string> {
  const comesFrom = new Map<string, { from: string; body: boolean }[]>();
  const link = (target: string | null | undefined, from: string, body: boolean) => {
    if (!target) return;
    const list = comesFrom.get(target);
    if (list) list.push({ from, body });
    else comesFrom.set(target, [{ from, body }]);
  };
  for (const step of schema.steps) {
    link(step.next, step.id, false);
    link(step.else, step.id, false);
    link(step.loopStep, step.id, true);
  }
  const visited = new Set<string>([stepId]);
  const outputs = new Set<string>();
  const queue = [stepId];
  while (queue.length) {
    for (const { from, body } of comesFrom.get(queue.pop()!) ?? []) {
      if (!body) outputs.add(from);
      if (!visited.has(from)) {
        visited.add(from);
        queue.push(from);
      }
    }
  }
  outputs.delete(stepId);
  return outputs;
}

/** Whether the step runs inside a loop: reached from a loop's `loopStep` along next/else. */
function insideLoop(schema: FlowSchema, stepId: string): boolean {
  const byId = new Map(schema.steps.map((step) => [step.id, step]));
  const seen = new Set<string>();
  const queue = schema.steps.filter((step) => step.variant === "loop" && step.loopStep).map((step) => step.loopStep!);
  while (queue.length) {
    const id = queue.pop()!;
    if (id === stepId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    const step = byId.get(id);
    if (step) queue.push(...[step.next, step.else].filter((next): next is string => !!next));
  }
  return false;
}

/**
 * The references a step's value may use, for the editor's `{{` suggestions: the triggers' values
 * (a data trigger's entry with its table's fields), the outputs of the steps that can run before
 * it (an entry step's with its table's fields), and inside a loop `loop.item` and `loop.index`.
 * Each is kept only if the flow's own reference check (expressions.ts) accepts it, so the editor
 * never offers what a save would refuse. Linear in the schema and the tables' fields.
 */
export function availableReferences(schema: FlowSchema, stepId: string, fieldsOf: Readonly<Record<string, readonly string[]>>): ReferenceOption[] {
  const options: ReferenceOption[] = [];
  const seen = new Set<string>();
  const add = (path: string, source: string) => {
    if (!seen.has(path)) {
      seen.add(path);
      options.push({ path, source });
    }
  };
  for (const trigger of schema.triggers) {
    const source = trigger.name || trigger.id;
    add("trigger.kind", source);
    for (const value of TRIGGER_VALUES[trigger.variant] ?? []) add(`trigger.${value}`, source);
    if (trigger.variant === "data" && trigger.table) for (const field of fieldsOf[trigger.table] ?? []) add(`trigger.entry.${field}`, source);
  }
  const before = stepsBefore(schema, stepId);
  for (const step of schema.steps) {
    if (!before.has(step.id)) continue;
    const source = step.name || step.id;
    add(`steps.${step.id}.output`, source);
    if (ENTRY_OUTPUTS.has(step.variant) && step.table) {
      add(`steps.${step.id}.output.id`, source);
      for (const field of fieldsOf[step.table] ?? []) add(`steps.${step.id}.output.${field}`, source);
    }
  }
  if (insideLoop(schema, stepId)) {
    add("loop.item", "loop");
    add("loop.index", "loop");
  }
  const stepIds = new Set(schema.steps.map((step) => step.id));
  return options.filter((option) => isKnownReference(option.path, stepIds));
}
