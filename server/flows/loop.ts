import { resolveValue } from "../../src/domain/flows/expressions";
import type { FlowSchema, FlowStep } from "../../src/domain/flows/types";
import { executeStep, StepError, type StepDeps, type StepResult } from "./steps";

/** A project limit a run hit: the run ends as LIMITED with this message. */
export class FlowLimitError extends Error {}

/** What one run may still spend: steps, time, and items per loop (the project's LIMITS). */
export class RunBudget {
  private readonly started = Date.now();
  constructor(
    public executed: number,
    private readonly limits: { flowStepsPerRun: number; flowRunMs: number; flowLoopIterations: number },
  ) {}

  /** Counts one step about to run; past a limit the run stops instead. */
  spend() {
    if (this.executed >= this.limits.flowStepsPerRun) throw new FlowLimitError(`Stopped after ${this.limits.flowStepsPerRun} steps (limit flowStepsPerRun).`);
    if (Date.now() - this.started > this.limits.flowRunMs) throw new FlowLimitError(`Stopped after ${this.limits.flowRunMs} ms (limit flowRunMs).`);
    this.executed += 1;
  }

  checkItems(step: FlowStep, count: number) {
    const max = this.limits.flowLoopIterations;
    if (count > max) throw new FlowLimitError(`Stopped at loop ${step.name || step.id}: its list has ${count} items, more than ${max} (limit flowLoopIterations).`);
  }
}

export interface RunScope {
  trigger: unknown;
  steps: Record<string, { output: unknown }>;
  loop?: { item: unknown; index: number };
}

function listOf(step: FlowStep, scope: RunScope): unknown[] {
  let value = resolveValue(step.items ?? "", scope);
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      // not a list: refused below
    }
  }
  if (!Array.isArray(value)) throw new StepError(`${step.items} is not a list.`);
  return value;
}

/**
 * Executes a step; a loop runs the steps from its `loopStep` (following their `next`) once per item
 * of its list, with `{{loop.item}}` and `{{loop.index}}`, then goes on with its own `next`. A list
 * longer than flowLoopIterations stops the run before its first item; every step inside counts
 * against flowStepsPerRun, so a loop cannot outrun the run's limits. The loop's output is the last
 * step's output of each item.
 */
export async function executeAny(step: FlowStep, schema: FlowSchema, scope: RunScope, deps: StepDeps, budget: RunBudget): Promise<StepResult> {
  if (step.variant !== "loop") return executeStep(step, scope, deps);
  const items = listOf(step, scope);
  budget.checkItems(step, items.length);
  const results: unknown[] = [];
  for (const [index, item] of items.entries()) {
    const inner: RunScope = { trigger: scope.trigger, steps: { ...scope.steps }, loop: { item, index } };
    let last: unknown = null;
    for (let id = step.loopStep ?? null; id; ) {
      const body = schema.steps.find((candidate) => candidate.id === id);
      if (!body) throw new StepError(`The flow has no step ${id}.`);
      budget.spend();
      const result = await executeAny(body, schema, inner, deps, budget);
      if (result.waitSeconds) throw new StepError(`A delay (${body.name || body.id}) cannot run inside a loop.`);
      inner.steps[body.id] = { output: result.output };
      last = result.output;
      id = result.next;
    }
    results.push(last);
  }
  return { input: { items: items.length }, output: { count: items.length, results }, next: step.next ?? null };
}
