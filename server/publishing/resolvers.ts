import { sql } from "kysely";
import { appendChanges } from "../changes/log";
import { apiChange, apiFilter } from "../changes/topics";
import { resumable } from "../changes/resume";
import type { Context } from "../graphqlKit/context";
import { requireViewer } from "../graphqlKit/context";
import { forbidden, notFound, refuse, type ErrorCode } from "../graphqlKit/errors";
import { idCursor, keysetWindow, toKeysetConnection } from "../graphqlKit/connection";
import { requireMembership } from "../access";
import { messagesFor } from "../i18n";
import { findApi, findApiForUpdate, schemaOfApi, toApi, type Api, type ApiRow } from "../project/store";
import type { Tx } from "../db/database";
import { checkDeclaration, modelRefusal } from "../project/declaration";
import { enqueueJob } from "../jobs/store";
import { canPublishApi } from "../../src/domain/permissions";
import { isPublishing } from "../../src/domain/apiState";
import { publishProblem } from "../../src/domain/publish/readiness";
import { hasUnpublishedChanges } from "../../src/domain/publish/changes";
import { parseModel } from "../../src/domain/model/parse";
import { isRepublishConfirmed } from "../../src/domain/publish/republish";
import { declarationKey, zipDeclaration } from "./declarationZip";
import { PUBLISH_JOB } from "./job";
import { redeemCouponOnFirstPublish } from "../coupons/redeem";
import {
  countProjectsPublishing,
  findPublishRun,
  insertPublishRun,
  latestPublishRun,
  listPublishRuns,
  nextSchemaVersion,
  publishRunId,
  toPublishRun,
} from "./store";
import type { CreatePublishRunInput, Resolvers } from "../graphql/__generated__/resolvers";
import { endsWithSource } from "../graphqlKit/endsWithSource";

/** Serializes publish mutations, so two at once cannot both slip under the publishing limit. */
const PUBLISH_LOCK = 72_100_010;

const english = (messageId: string) => messagesFor("en")[messageId] ?? messageId;
const refusal = (code: ErrorCode, messageId: string) => refuse(code, messageId, english(messageId));

/** The model a run or project holds, or null for text that is not one (never for stored runs). */
const modelOf = (text: string) => {
  const parsed = parseModel(text);
  return "model" in parsed ? parsed.model : null;
};

export const publishingResolvers: Resolvers = {
  Mutation: {
    /**
     * Spec §7's publish call in one transaction: saves the declaration with state PUBLISHING,
     * creates the run (IN_PROGRESS, schemaVersion last + 1), uploads the declaration zip and
     * enqueues the job that takes the project to PUBLISHED. Refused with the spec's keys when the
     * project cannot be published; nothing changes then.
     */
    async createPublishRun(_, args, ctx) {
      requireViewer(ctx);
      const { api, run } = await ctx.db.transaction().execute(async (tx) => {
        const row = await findApiForUpdate(tx, args.input.apiId);
        if (!row) throw notFound();
        const membership = await requireMembership(ctx, row.org_id, tx);
        if (!canPublishApi(membership.roleType)) throw forbidden();
        const started = await startPublishRun(tx, ctx, row, await declarationToPublish(tx, row, args.input));
        await appendChanges(tx, [apiChange(started.api)]);
        return started;
      });
      ctx.pubsub.changesCommitted();
      ctx.jobs.kick();
      return { api, publishRun: run, publishRunEdge: { cursor: idCursor(run.id), node: run } };
    },
  },
  Subscription: {
    onUpdateApi: {
      /** Refused before anything is streamed when the caller is not in the project's workspace. */
      async subscribe(_, args, ctx) {
        requireViewer(ctx);
        const row = await findApi(ctx.db, args.id);
        if (!row) throw notFound();
        await requireMembership(ctx, row.org_id);
        const feed = resumable(ctx, ctx.db, ctx.pubsub.subscribe("api:updated", args.id), apiFilter(args.id));
        return endsWithSource(feed, apiUpdates(ctx, args.id, feed));
      },
      resolve: (api: Api) => api,
    },
  },
  Api: {
    async latestPublishRun(api, _, ctx) {
      const row = await latestPublishRun(ctx.db, api.id);
      return row ? toPublishRun(row) : null;
    },
    async publishRun(api, args, ctx) {
      const row = await findPublishRun(ctx.db, publishRunId(api.id, args.schemaVersion));
      return row ? toPublishRun(row) : null;
    },
    async publishRuns(api, args, ctx) {
      const window = keysetWindow(args);
      const before = window.afterId === null ? null : versionAfter(api.id, window.afterId);
      const rows = await listPublishRuns(ctx.db, api.id, window.limit + 1, before);
      return toKeysetConnection(rows.map(toPublishRun), window);
    },
    /** Spec §4: the latest run's schema against the current one. */
    async hasUnpublishedChanges(api, _, ctx) {
      const run = await latestPublishRun(ctx.db, api.id);
      const current = modelOf(await schemaOfApi(ctx.db, api));
      if (!run || !current) return false;
      return hasUnpublishedChanges(modelOf(run.schema), current);
    },
  },
};

/**
 * Starts publishing `schemaText` for a project row locked by the caller's transaction, whose
 * caller may publish: checks it, saves it with state PUBLISHING, creates the run, writes the
 * declaration zip and enqueues the job. Also used by a CSV import that adds fields.
 */
export async function startPublishRun(tx: Tx, ctx: Pick<Context, "config" | "objects">, row: ApiRow, schemaText: string) {
  if (isPublishing(row.state)) throw refusal("CONFLICT", "error_api_publishing_in_progress");

  const checked = checkDeclaration(schemaText, {
    state: row.state,
    schema: row.schema,
    authMode: row.default_auth_mode,
  });
  if ("problem" in checked) throw modelRefusal(checked.problem);
  const problem = publishProblem(
    { awsAccountId: row.aws_account_id, region: row.region, defaultAuthMode: row.default_auth_mode, oidc: row.oidc },
    checked.model,
  );
  if (problem) throw refusal(problem === "error_api_create_requires_awsaccount" ? "CONFLICT" : "BAD_USER_INPUT", problem);

  await sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`.execute(tx);
  if ((await countProjectsPublishing(tx)) >= ctx.config.limits.projectsPublishingAtOnce)
    throw refusal("RATE_LIMITED", "error_api_publishing_too_many");

  const schema = JSON.stringify(checked.model);
  const version = await nextSchemaVersion(tx, row.id);
  await redeemCouponOnFirstPublish(tx, row, version === 1);
  const objectKey = declarationKey(row.id, publishRunId(row.id, version));
  // Written before the commit: a rollback leaves an object nobody points at, which the next
  // publish of this version overwrites; a commit never points at a missing object.
  await ctx.objects.put(objectKey, await zipDeclaration(schema));
  const run = await insertPublishRun(tx, { apiId: row.id, version, initState: row.state, schema, objectKey });
  const updated = await tx
    .updateTable("apis")
    .set({ schema, state: "PUBLISHING", updated_at: new Date() })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueJob(tx, PUBLISH_JOB, { runId: run.id });
  return { api: toApi(updated), run: toPublishRun(run) };
}

/** What a publish call publishes: the declaration sent, the stored one, or for a republish the earlier version's. */
async function declarationToPublish(tx: Tx, row: ApiRow, input: CreatePublishRunInput): Promise<string> {
  if (input.republishVersion === undefined || input.republishVersion === null) return input.schema ?? row.schema;
  if (!isRepublishConfirmed(input.confirmation)) throw refusal("BAD_USER_INPUT", "error_republish_confirm");
  const run = await findPublishRun(tx, publishRunId(row.id, input.republishVersion));
  if (!run) throw notFound();
  return run.schema;
}

/** The version a run id names, so the next page starts below it; 0 (an empty page) for a foreign id. */
function versionAfter(apiId: string, runId: string): number {
  const prefix = `${apiId}-v`;
  const version = runId.startsWith(prefix) ? Number(runId.slice(prefix.length)) : NaN;
  return Number.isInteger(version) ? version : 0;
}

/** Listens before reading the project, so a state that lands in between is not lost; the current state comes first. */
async function* apiUpdates(ctx: Context, id: string, events: AsyncIterator<Api>): AsyncGenerator<Api> {
  try {
    const next = events.next();
    const row = await findApi(ctx.db, id);
    if (row) yield toApi(row);
    let pending = next;
    for (;;) {
      const event = await pending;
      if (event.done) return;
      yield event.value;
      pending = events.next();
    }
  } finally {
    await events.return?.();
  }
}
