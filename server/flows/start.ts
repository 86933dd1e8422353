import type { Tx } from "../db/database";
import type { Limits } from "../limits/settings";
import { enqueueJob } from "../jobs/store";
import { appendChanges } from "../changes/log";
import { flowRunChange } from "../changes/topics";
import { countRunsSince, insertRun, type FlowRow } from "./store";

export const FLOW_RUN_JOB = "flow-run";

/** What started a run; the steps read it as `trigger`. */
export interface RunTrigger {
  kind: "data" | "schedule" | "webhook" | "manual";
  /** The trigger's id in the flow's schema (null for 'run now'). */
  triggerId: string | null;
  [values: string]: unknown;
}

const MINUTE_MS = 60_000;

/**
 * Records a run and enqueues its job, in the caller's transaction (the write, the webhook call,
 * the schedule's claim): the run exists exactly when what started it does. Past the project's
 * limits the run is recorded as LIMITED with the limit it hit, and nothing runs: a flow that
 * triggers itself, or a flood of triggers, ends there.
 */
export async function startRun(tx: Tx, limits: Limits, flow: FlowRow, trigger: RunTrigger, depth: number) {
  let limited: string | null = null;
  if (depth > limits.flowChainDepth) {
    limited = `Stopped: runs started by this project's flows' own writes went ${limits.flowChainDepth} deep (limit flowChainDepth). A flow that triggers itself ends here.`;
  } else if ((await countRunsSince(tx, flow.api_id, new Date(Date.now() - MINUTE_MS))) >= limits.flowRunsPerMinute) {
    limited = `Not run: this project's flows started ${limits.flowRunsPerMinute} runs within a minute (limit flowRunsPerMinute).`;
  }
  const run = await insertRun(tx, { flowId: flow.id, apiId: flow.api_id, status: limited ? "LIMITED" : "QUEUED", trigger, depth, error: limited });
  // A run's steps are not repeated by the job's retries: a failing step fails the run (engine.ts).
  if (!limited) await enqueueJob(tx, FLOW_RUN_JOB, { runId: run.id }, 5);
  await appendChanges(tx, [flowRunChange(flow.api_id, { flowId: flow.id, runId: run.id, status: run.status })]);
  return run;
}
