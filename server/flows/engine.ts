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
import { executeStep, StepError, type StepResult } from "./steps";
import { FLOW_RUN_JOB } from "./start";
import { findFlow, findRun, insertRunLog, runLogs, schemaOfFlow, setRunStatus, type FlowRow } from "./store";

export interface FlowRunPayload {
  runId: string;
  /** After a delay: the step the run goes on with. */
  fromStep?: string | null;
}

export interface FlowEngineDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  projectYoga: () => GraphqlHandler;
  memberContext: (apiId: string, roleType: RoleType, extra: { flowDepth?: number }) => Promise<{ ctx: ProjectContext; model: SchemaModel } | null>;
}

interface LogContent extends Partial<StepResult> {
  step: string;
  name?: string;
  variant: string;
  durationMs: number;
  error?: string;
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

/**
 * A flow run as a job (server/jobs: leases, so another server takes over a run whose server
 * died). Each step's input, output, duration and error go to its FlowRunLog as it ends; a run
 * taken over goes on after its last logged step. A failing step fails the run and nothing else;
 * a delay hands the run back to the queue until it is due. The project's limits stop a run that
 * executes too many steps or takes too long, and say so in the run.
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
      const outputs: Record<string, { output: unknown }> = {};
      let stepId: string | null = schema.startStep;
      for (const log of logs) {
        const content = (typeof log.content === "string" ? JSON.parse(log.content) : log.content) as LogContent;
        outputs[content.step] = { output: content.output };
        stepId = content.next ?? null;
      }
      if (payload.fromStep !== undefined && run.status === "WAITING") stepId = payload.fromStep;
      const scope = { trigger: typeof run.trigger === "string" ? JSON.parse(run.trigger) : run.trigger, steps: outputs };

      const role = await ownerRole(deps, flow);
      if (!role) return setRunStatus(deps.db, run.id, "FAILED", `The flow's owner ${flow.owner_email} is no longer a member of this workspace.`);
      const project = await deps.memberContext(flow.api_id, role, { flowDepth: run.depth });
      if (!project) return setRunStatus(deps.db, run.id, "FAILED", "The project is not published.");
      await setRunStatus(deps.db, run.id, "RUNNING");

      const started = Date.now();
      let executed = logs.length;
      while (stepId) {
        if (lease.aborted) return;
        if (executed >= limits.flowStepsPerRun) return setRunStatus(deps.db, run.id, "LIMITED", `Stopped after ${limits.flowStepsPerRun} steps (limit flowStepsPerRun).`);
        if (Date.now() - started > limits.flowRunMs) return setRunStatus(deps.db, run.id, "LIMITED", `Stopped after ${limits.flowRunMs} ms (limit flowRunMs).`);
        const step = schema.steps.find((candidate) => candidate.id === stepId);
        if (!step) return setRunStatus(deps.db, run.id, "FAILED", `The flow has no step ${stepId}.`);
        const stepStarted = Date.now();
        let result: StepResult;
        try {
          result = await executeStep(step, scope, { ctx: project.ctx, model: project.model, projectYoga: deps.projectYoga(), mailer: deps.mailer, flowId: flow.id });
        } catch (error) {
          const message = error instanceof StepError || error instanceof Error ? error.message : String(error);
          await insertRunLog(deps.db, run.id, step.id, { step: step.id, name: step.name, variant: step.variant, durationMs: Date.now() - stepStarted, error: message } satisfies LogContent);
          return setRunStatus(deps.db, run.id, "FAILED", `Step ${step.name || step.id} failed: ${message}`);
        }
        executed += 1;
        const content: LogContent = { step: step.id, name: step.name, variant: step.variant, durationMs: Date.now() - stepStarted, ...result };
        await insertRunLog(deps.db, run.id, step.id, content);
        outputs[step.id] = { output: result.output };
        if (result.waitSeconds) {
          // The wait is a job due later: no worker is held, and a restart loses nothing.
          await deps.db.transaction().execute(async (tx) => {
            const job = await enqueueJob(tx, FLOW_RUN_JOB, { runId: run.id, fromStep: result.next }, 5);
            await tx.updateTable("jobs").set({ run_at: new Date(Date.now() + result.waitSeconds! * 1000) }).where("id", "=", job.id).execute();
            await tx.updateTable("flow_runs").set({ status: "WAITING", updated_at: new Date() }).where("id", "=", run.id).execute();
          });
          return;
        }
        stepId = result.next;
      }
      await setRunStatus(deps.db, run.id, "SUCCEEDED");
    },
    async giveUp(payload, error) {
      await setRunStatus(deps.db, payload.runId, "FAILED", `The run could not finish: ${error instanceof Error ? error.message : String(error)}`);
    },
  };
}
