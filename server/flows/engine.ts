import { sql } from "kysely";
import type { Db } from "../db/database";
import type { Config } from "../config";
import type { JobHandler } from "../jobs/runner";
import { enqueueJob } from "../jobs/store";
import type { Mailer } from "../mail/mailer";
import type { GraphqlHandler } from "../graphql/yoga";
import type { ProjectContext } from "../projectEndpoint/context";
import type { SchemaModel } from "../../src/domain/model";
import { ROLE_TYPES, type RoleType } from "../../src/domain/permissions";
import { StepError, type StepDeps, type StepResult } from "./steps";
import { executeAny, FlowLimitError, RunBudget, type RunScope } from "./loop";
import { FLOW_RUN_JOB } from "./start";
import { findFlow, findRun, insertRunLog, runLogs, schemaOfFlow, setRunStatus, type FlowRow, type FlowRunStatus } from "./store";
import { appendAfterCommit } from "../changes/log";
import { flowRunChange } from "../changes/topics";
import type { FlowSchema } from "../../src/domain/flows/types";
import { isRetryable } from "../../src/domain/flows/validate";

export interface FlowRunPayload {
  runId: string;
  /** After a delay: the step the run goes on with. */
  fromStep?: string | null;
  /** A retry: which attempt of the failed step this job makes (the first is 1). */
  attempt?: number;
}

export interface FlowEngineDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  projectYoga: () => GraphqlHandler;
  memberContext: (apiId: string, roleType: RoleType, extra: { flowDepth?: number }) => Promise<{ ctx: ProjectContext; model: SchemaModel } | null>;
}

export interface LogContent extends Partial<StepResult> {
  step: string;
  name?: string;
  variant: string;
  durationMs: number;
  error?: string;
  /** For a step that may retry: which attempt this log is about, and after a failure, when the next one comes. */
  attempt?: number;
  retryInMs?: number;
}

/** How a run retries a failed step: the attempt the first executed step makes, and the back-off (LIMITS). */
export interface RetryPolicy {
  attempt: number;
  baseMs: number;
  maxMs: number;
}

const FINISHED = new Set(["SUCCEEDED", "FAILED", "LIMITED"]);

/** The flow owner's role in the project's workspace now (SUPERUSER for the platform's operators), or null when they left it. */
async function ownerRole(deps: FlowEngineDeps, flow: FlowRow): Promise<RoleType | null> {
  if (deps.config.superuserEmails.includes(flow.owner_email.toLowerCase())) return "SUPERUSER";
  const row = await deps.db
    .selectFrom("roles")
    .innerJoin("apis", "apis.org_id", "roles.org_id")
    .select("roles.type")
    .where("apis.id", "=", flow.api_id)
    .where(sql<boolean>`lower(roles.user_email) = ${flow.owner_email.toLowerCase()}`)
    .executeTakeFirst();
  return row && (ROLE_TYPES as readonly string[]).includes(row.type) ? (row.type as RoleType) : null;
}

/** The project's endpoint as the flow's owner now, or why the run cannot go on. */
export async function ownerStepDeps(deps: FlowEngineDeps, flow: FlowRow, depth: number, dryRun = false): Promise<StepDeps | string> {
  const role = await ownerRole(deps, flow);
  if (!role) return `The flow's owner ${flow.owner_email} is no longer a member of this workspace.`;
  const project = await deps.memberContext(flow.api_id, role, { flowDepth: depth });
  if (!project) return "The project is not published.";
  const http = { timeoutMs: deps.config.limits.flowHttpTimeoutMs, maxBytes: deps.config.limits.flowHttpMaxBytes, allowPrivateAddresses: deps.config.flowsAllowPrivateAddresses };
  return { ctx: project.ctx, model: project.model, projectYoga: deps.projectYoga(), mailer: deps.mailer, flowId: flow.id, http, dryRun };
}

/** How a run of steps ended: its status and error, and, for a delay, where and when it goes on. */
export type StepsOutcome = { status: "SUCCEEDED" } | { status: "FAILED" | "LIMITED"; error: string } | { status: "WAITING"; next: string | null; waitSeconds: number } | { status: "RETRY"; attempt: number; delayMs: number } | { status: "ABORTED" };

/**
 * Executes the flow's steps from `stepId`, handing each step's log to `record` as it ends. Shared
 * by runs (which store the logs) and dry runs (which show them). With a retry policy, a failed
 * step that allows retries and has attempts left ends this pass as RETRY: the caller schedules
 * the next attempt, nothing waits here.
 */
export async function executeSteps(
  schema: FlowSchema,
  stepId: string | null,
  scope: RunScope,
  stepDeps: StepDeps,
  budget: RunBudget,
  record: (log: LogContent) => Promise<void>,
  aborted: () => boolean = () => false,
  retry?: RetryPolicy,
): Promise<StepsOutcome> {
  let attempt = retry?.attempt ?? 1;
  while (stepId) {
    if (aborted()) return { status: "ABORTED" };
    const step = schema.steps.find((candidate) => candidate.id === stepId);
    if (!step) return { status: "FAILED", error: `The flow has no step ${stepId}.` };
    const stepStarted = Date.now();
    let result: StepResult;
    try {
      budget.spend();
      result = await executeAny(step, schema, scope, stepDeps, budget);
    } catch (error) {
      const message = error instanceof StepError || error instanceof Error ? error.message : String(error);
      const retries = retry && isRetryable(step) && !(error instanceof FlowLimitError) ? (step.retries ?? 0) : 0;
      const delayMs = retry && attempt <= retries ? Math.min(retry.baseMs * 2 ** (attempt - 1), retry.maxMs) : null;
      const tries = retries > 0 ? { attempt, ...(delayMs !== null ? { retryInMs: delayMs } : {}) } : {};
      await record({ step: step.id, name: step.name, variant: step.variant, durationMs: Date.now() - stepStarted, error: message, ...tries });
      if (delayMs !== null) return { status: "RETRY", attempt: attempt + 1, delayMs };
      if (error instanceof FlowLimitError) return { status: "LIMITED", error: message };
      return { status: "FAILED", error: `Step ${step.name || step.id} failed: ${message}` };
    }
    const tries = retry && isRetryable(step) && (step.retries ?? 0) > 0 ? { attempt } : {};
    await record({ step: step.id, name: step.name, variant: step.variant, durationMs: Date.now() - stepStarted, ...tries, ...result });
    attempt = 1;
    scope.steps[step.id] = { output: result.output };
    if (result.waitSeconds) return { status: "WAITING", next: result.next, waitSeconds: result.waitSeconds };
    stepId = result.next;
  }
  return { status: "SUCCEEDED" };
}

/** A stored log as the engine wrote it. */
export const logContent = (content: unknown) => (typeof content === "string" ? JSON.parse(content) : content) as LogContent;

/**
 * A flow run as a job (server/jobs: leases, so another server takes over a run whose server
 * died). Each step's input, output, duration and error go to its FlowRunLog as it ends; a run
 * taken over goes on after its last logged step, and a resumed run retries the step that failed
 * (with the flow as it is now). A failing step fails the run and nothing else; a delay hands the
 * run back to the queue until it is due. The project's limits stop a run that executes too many
 * steps, loops over too many items or takes too long, and say so in the run.
 */
export function flowRunJob(deps: FlowEngineDeps): JobHandler<FlowRunPayload> {
  const limits = deps.config.limits;
  return {
    async run(payload, _job, lease) {
      const run = await findRun(deps.db, payload.runId);
      if (!run || FINISHED.has(run.status)) return;
      const flow = await findFlow(deps.db, run.flow_id);
      if (!flow) return setRunStatus(deps.db, run.id, "FAILED", "The flow was deleted.");
      const schema = schemaOfFlow(flow);
      const logs = await runLogs(deps.db, run.id);
      const scope: RunScope = { trigger: typeof run.trigger === "string" ? JSON.parse(run.trigger) : run.trigger, steps: {} };
      let stepId: string | null = schema.startStep;
      let done = 0;
      for (const log of logs) {
        const content = logContent(log.content);
        // A failed step's log leaves the run at that step: resuming retries it.
        if (content.error) {
          stepId = content.step;
          continue;
        }
        scope.steps[content.step] = { output: content.output };
        stepId = content.next ?? null;
        done += 1;
      }
      if (payload.fromStep !== undefined && run.status === "WAITING") stepId = payload.fromStep;

      // Each status and step is told through the change log, so the runs section on any server updates live.
      const tell = (status: FlowRunStatus) => appendAfterCommit(deps.db, [flowRunChange(run.api_id, { flowId: run.flow_id, runId: run.id, status })]);
      const end = async (status: FlowRunStatus, error: string | null) => {
        await setRunStatus(deps.db, run.id, status, error);
        await tell(status);
      };
      const stepDeps = await ownerStepDeps(deps, flow, run.depth);
      if (typeof stepDeps === "string") return end("FAILED", stepDeps);
      await end("RUNNING", null);
      const outcome = await executeSteps(schema, stepId, scope, stepDeps, new RunBudget(done, limits), async (log) => {
        await insertRunLog(deps.db, run.id, log.step, log);
        await tell("RUNNING");
      }, () => lease.aborted, { attempt: payload.attempt ?? 1, baseMs: limits.flowRetryBaseMs, maxMs: limits.flowRetryMaxMs });
      if (outcome.status === "ABORTED") return;
      if (outcome.status === "RETRY") {
        // The next attempt is a job due after the back-off: the run stays RUNNING, no worker waits, a restart loses nothing.
        await deps.db.transaction().execute(async (tx) => {
          const job = await enqueueJob(tx, FLOW_RUN_JOB, { runId: run.id, attempt: outcome.attempt }, 5);
          await tx.updateTable("jobs").set({ run_at: new Date(Date.now() + outcome.delayMs) }).where("id", "=", job.id).execute();
        });
        return;
      }
      if (outcome.status === "WAITING") {
        // The wait is a job due later: no worker is held, and a restart loses nothing.
        await deps.db.transaction().execute(async (tx) => {
          const job = await enqueueJob(tx, FLOW_RUN_JOB, { runId: run.id, fromStep: outcome.next }, 5);
          await tx.updateTable("jobs").set({ run_at: new Date(Date.now() + outcome.waitSeconds * 1000) }).where("id", "=", job.id).execute();
          await tx.updateTable("flow_runs").set({ status: "WAITING", updated_at: new Date() }).where("id", "=", run.id).execute();
        });
        await tell("WAITING");
        return;
      }
      await end(outcome.status, outcome.status === "SUCCEEDED" ? null : outcome.error);
    },
    async giveUp(payload, error) {
      await setRunStatus(deps.db, payload.runId, "FAILED", `The run could not finish: ${error instanceof Error ? error.message : String(error)}`);
    },
  };
}
