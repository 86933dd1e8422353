import type { FlowRunStatus, FlowRow } from "./store";
import { schemaOfFlow } from "./store";
import type { RunTrigger } from "./start";
import { executeSteps, ownerStepDeps, type FlowEngineDeps, type LogContent } from "./engine";
import { RunBudget } from "./loop";
import { readEntry, StepError } from "./steps";

export interface FlowDryRunResult {
  status: FlowRunStatus;
  error: string | null;
  logs: string[];
}

export type FlowDryRunner = (flow: FlowRow, trigger: { table?: string | null; entryId?: string | null; input?: unknown }) => Promise<FlowDryRunResult>;

/**
 * A dry run: the flow's steps as a run would execute them, as the flow's owner and within the
 * same limits, but steps that would write, mail, call out or wait say what they would do instead
 * (steps.ts). Conditions and loops are evaluated for real, so the logs show the path a run on this
 * entry would take. Nothing is stored: the answer carries the logs.
 */
export function createFlowDryRun(deps: FlowEngineDeps): FlowDryRunner {
  return async (flow, given) => {
    const stepDeps = await ownerStepDeps(deps, flow, 0, true);
    if (typeof stepDeps === "string") return { status: "FAILED", error: stepDeps, logs: [] };
    const schema = schemaOfFlow(flow);
    let trigger: RunTrigger;
    if (given.entryId) {
      const table = given.table ?? "";
      const dataTrigger = schema.triggers.find((candidate) => candidate.variant === "data" && candidate.table === table);
      let entry: Record<string, unknown> | null;
      try {
        entry = await readEntry(stepDeps, table, given.entryId);
      } catch (error) {
        return { status: "FAILED", error: error instanceof StepError ? error.message : String(error), logs: [] };
      }
      if (!entry) return { status: "FAILED", error: `There is no ${table} entry ${given.entryId}.`, logs: [] };
      trigger = { kind: "data", triggerId: dataTrigger?.id ?? null, table, change: "update", entry };
    } else {
      trigger = { kind: "manual", triggerId: null, input: given.input ?? null };
    }
    const logs: LogContent[] = [];
    const outcome = await executeSteps(schema, schema.startStep, { trigger, steps: {} }, stepDeps, new RunBudget(0, deps.config.limits), async (log) => {
      logs.push(log);
    });
    // No retry policy is given, so a dry run never ends as RETRY: a failed step fails it at once.
    const ended = outcome.status === "WAITING" || outcome.status === "ABORTED" || outcome.status === "RETRY" ? "SUCCEEDED" : outcome.status;
    return { status: ended, error: "error" in outcome ? outcome.error : null, logs: logs.map((log) => JSON.stringify(log)) };
  };
}
