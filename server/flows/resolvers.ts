import type { Resolvers } from "../graphql/__generated__/resolvers";
import type { Context } from "../graphqlKit/context";
import { requireViewer } from "../graphqlKit/context";
import { notFound, refuse } from "../graphqlKit/errors";
import type { Tx } from "../db/database";
import { findApi, type ApiRow } from "../project/store";
import { flowNameLiveProblem, flowNameProblem } from "../../src/domain/flows/name";
import { emptyFlowSchema, type FlowSchema } from "../../src/domain/flows/types";
import { flowProblems, parseFlowSchema } from "../../src/domain/flows/validate";
import { readStoredModel } from "../../src/domain/model";
import { requireFlowAccess, viewerMay } from "./access";
import { derivedOf } from "./derived";
import { flowRefusal } from "./problems";
import { FLOW_RUN_JOB, startRun } from "./start";
import { enqueueJob } from "../jobs/store";
import { appendChanges } from "../changes/log";
import { flowRunChange, type FlowRunEvent } from "../changes/topics";
import type { FlowRunStatus } from "./store";
import {
  countFlows,
  deleteFlowRow,
  findFlow,
  findFlowForUpdate,
  findRun,
  insertFlow,
  setRunStatus,
  listFlows,
  flowCursor,
  MAX_LIST,
  listRunLogs,
  listRuns,
  toFlow,
  toFlowRun,
  toFlowRunLog,
  updateFlowRow,
} from "./store";

/** The project's tables by name, so a trigger or action naming another is refused. */
const tablesOf = (api: ApiRow) => {
  const read = readStoredModel(api.schema);
  return "model" in read ? read.model.objectTypes.map((table) => table.name) : [];
};

function checkedName(name: string) {
  const problem = flowNameProblem(name) ?? flowNameLiveProblem(name);
  if (problem) throw flowRefusal({ messageId: problem, values: { min: 3, max: 255 } });
  return name.trim();
}

/** The schema text as a valid schema for this project, or the first §5 problem as the refusal. */
function checkedSchema(ctx: Context, api: ApiRow, text: string): FlowSchema {
  const limits = ctx.config.limits;
  const parsed = parseFlowSchema(text, limits.flowSchemaMaxBytes);
  if ("problem" in parsed) throw flowRefusal(parsed.problem);
  const [problem] = flowProblems(parsed.schema, { maxSteps: limits.flowStepsMax, maxBytes: limits.flowSchemaMaxBytes, tables: tablesOf(api) });
  if (problem) throw flowRefusal(problem);
  return parsed.schema;
}

/** The project row per request: a page of flows asks for its rights once. */
const apisPerRequest = new WeakMap<Context, Map<string, Promise<ApiRow | undefined>>>();
function apiOf(ctx: Context, apiId: string) {
  let apis = apisPerRequest.get(ctx);
  if (!apis) apisPerRequest.set(ctx, (apis = new Map()));
  let api = apis.get(apiId);
  if (!api) apis.set(apiId, (api = findApi(ctx.db, apiId)));
  return api;
}

async function flowFor(ctx: Context, tx: Tx, id: string, action: "edit" | "delete") {
  const row = await findFlowForUpdate(tx, id);
  if (!row) throw notFound();
  const api = await requireFlowAccess(ctx, row.api_id, action, tx);
  return { row, api };
}

/** A run's optional input, sent as JSON text. */
function runInput(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw refuse("BAD_USER_INPUT", "error_flow_run_input_json", "The run's input must be JSON.");
  }
}

export const flowResolvers: Resolvers = {
  Query: {
    async flowsByApi(_, args, ctx) {
      requireViewer(ctx);
      await requireFlowAccess(ctx, args.apiId, "read");
      const page = await listFlows(ctx.db, args.apiId, args.limit ?? 10, args.sortDirection ?? "DESC", args.nextToken);
      return { items: page.items.map(toFlow), nextToken: page.nextToken };
    },
    async flow(_, args, ctx) {
      requireViewer(ctx);
      const row = await findFlow(ctx.db, args.id);
      if (!row || !(await viewerMay(ctx, await apiOf(ctx, row.api_id), "read"))) return null;
      return toFlow(row);
    },
    async flowRunsByFlow(_, args, ctx) {
      requireViewer(ctx);
      const flow = await findFlow(ctx.db, args.flowId);
      if (!flow) throw notFound();
      await requireFlowAccess(ctx, flow.api_id, "read");
      const page = await listRuns(ctx.db, flow.id, args.limit ?? 20, args.nextToken);
      return { items: page.items.map(toFlowRun), nextToken: page.nextToken };
    },
    async flowRunLogsByRun(_, args, ctx) {
      requireViewer(ctx);
      const run = await findRun(ctx.db, args.flowRunId);
      if (!run) throw notFound();
      await requireFlowAccess(ctx, run.api_id, "read");
      const page = await listRunLogs(ctx.db, run.id, args.limit ?? 100, args.nextToken);
      return { items: page.items.map(toFlowRunLog), nextToken: page.nextToken };
    },
  },
  Mutation: {
    async createFlow(_, { input }, ctx) {
      const viewer = requireViewer(ctx);
      const row = await ctx.db.transaction().execute(async (tx) => {
        const api = await requireFlowAccess(ctx, input.apiId, "edit", tx);
        const name = checkedName(input.name);
        const schema = input.schema == null ? emptyFlowSchema() : checkedSchema(ctx, api, input.schema);
        const max = ctx.config.limits.flowsPerProject;
        if ((await countFlows(tx, api.id)) >= max) throw refuse("BAD_USER_INPUT", "error_flow_limit_per_project", `This project has ${max} flows, the most it may have.`, { max });
        return insertFlow(tx, { apiId: api.id, name, schema, ownerSub: viewer.sub, ownerEmail: viewer.email, ...derivedOf(schema) });
      });
      return toFlow(row);
    },
    async updateFlow(_, { input }, ctx) {
      requireViewer(ctx);
      const row = await ctx.db.transaction().execute(async (tx) => {
        const { row, api } = await flowFor(ctx, tx, input.id, "edit");
        const name = input.name == null ? undefined : checkedName(input.name);
        const schema = input.schema == null ? undefined : checkedSchema(ctx, api, input.schema);
        return updateFlowRow(tx, row.id, { name, schema, ...(schema ? derivedOf(schema) : {}) });
      });
      return toFlow(row);
    },
    async deleteFlow(_, { input }, ctx) {
      requireViewer(ctx);
      const row = await ctx.db.transaction().execute(async (tx) => {
        const { row } = await flowFor(ctx, tx, input.id, "delete");
        await deleteFlowRow(tx, row.id);
        return row;
      });
      return toFlow(row);
    },
    async runFlow(_, { input }, ctx) {
      requireViewer(ctx);
      const values = runInput(input.input);
      const run = await ctx.db.transaction().execute(async (tx) => {
        const { row } = await flowFor(ctx, tx, input.id, "edit");
        return startRun(tx, ctx.config.limits, row, { kind: "manual", triggerId: null, input: values }, 0);
      });
      ctx.jobs.kick();
      return toFlowRun(run);
    },
    async resumeFlowRun(_, { runId }, ctx) {
      requireViewer(ctx);
      const run = await ctx.db.transaction().execute(async (tx) => {
        const found = await tx.selectFrom("flow_runs").selectAll().where("id", "=", runId).forUpdate().executeTakeFirst();
        if (!found) throw notFound();
        await flowFor(ctx, tx, found.flow_id, "edit");
        if (found.status !== "FAILED") throw refuse("BAD_USER_INPUT", "error_flow_run_not_failed", "Only a failed run can be resumed.");
        // The job reads the flow as it is now and goes on at the failed step's log (engine.ts).
        await setRunStatus(tx, found.id, "QUEUED");
        await enqueueJob(tx, FLOW_RUN_JOB, { runId: found.id }, 5);
        await appendChanges(tx, [flowRunChange(found.api_id, { flowId: found.flow_id, runId: found.id, status: "QUEUED" })]);
        return { ...found, status: "QUEUED", error: null, updated_at: new Date() };
      });
      ctx.jobs.kick();
      return toFlowRun(run);
    },
    async dryRunFlow(_, { input }, ctx) {
      requireViewer(ctx);
      const row = await findFlow(ctx.db, input.id);
      if (!row) throw notFound();
      await requireFlowAccess(ctx, row.api_id, "edit");
      const values = runInput(input.input);
      if (input.entryId && !input.table) throw refuse("BAD_USER_INPUT", "error_flow_dry_run_table", "Name the table of the entry.");
      if (!ctx.flowDryRun) throw new Error("Dry runs are not set up on this server.");
      return ctx.flowDryRun(row, { table: input.table, entryId: input.entryId, input: values });
    },
  },
  Subscription: {
    onFlowRun: {
      /** Refused before anything is streamed when the caller may not read the flow's runs. */
      async subscribe(_, args, ctx) {
        requireViewer(ctx);
        const flow = await findFlow(ctx.db, args.flowId);
        if (!flow) throw notFound();
        await requireFlowAccess(ctx, flow.api_id, "read");
        return ctx.pubsub.subscribe("flow:run", flow.id);
      },
      resolve: (event: FlowRunEvent) => ({ ...event, status: event.status as FlowRunStatus }),
    },
  },
  Flow: {
    webhookUrl: (flow, _, ctx) => `${ctx.origin}/p/${flow.apiId}/flows/${flow.id}/webhook`,
    viewerCanEdit: async (flow, _, ctx) => viewerMay(ctx, await apiOf(ctx, flow.apiId), "edit"),
    viewerCanDelete: async (flow, _, ctx) => viewerMay(ctx, await apiOf(ctx, flow.apiId), "delete"),
  },
  Api: {
    /** The keyset token of flowsByApi is the connection's cursor, so both read the same indexed range. */
    async flows(api, args, ctx) {
      requireViewer(ctx);
      await requireFlowAccess(ctx, api.id, "read");
      const limit = Math.min(Math.max(args.first ?? 10, 1), MAX_LIST);
      const page = await listFlows(ctx.db, api.id, limit, "DESC", args.after);
      const edges = page.items.map((row) => ({ cursor: flowCursor(row), node: toFlow(row) }));
      return { edges, pageInfo: { hasNextPage: page.nextToken !== null, hasPreviousPage: Boolean(args.after), startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null } };
    },
    viewerCanEditFlows: async (api, _, ctx) => viewerMay(ctx, await apiOf(ctx, api.id), "edit"),
    viewerCanDeleteFlows: async (api, _, ctx) => viewerMay(ctx, await apiOf(ctx, api.id), "delete"),
  },
};
