import type { Transaction } from "kysely";
import type { Tables } from "../db/tables";
import { findApiForUpdate, toApi, type ApiRow } from "../project/store";
import { checkDeclarationValue } from "../project/declaration";
import { isPublishing } from "../../src/domain/apiState";
import { publishProblem } from "../../src/domain/publish/readiness";
import { usesUserPool } from "../../src/domain/project";
import { ensureUserPool } from "../auth/projectPools";
import type { SchemaModel } from "../../src/domain/model";
import { log } from "../log";
import { appendChanges } from "../changes/log";
import { apiChange } from "../changes/topics";
import type { PublishDeps } from "./deps";
import { unzipDeclaration } from "./declarationZip";
import { amplifyNameCollision } from "../../src/domain/model/amplifyNames";
import { findPublishRun, setPublishRunStatus, type PublishRunFailure, type PublishRunRow } from "./store";

/** Spec §4: the order while publishing. A step only ever moves the project forward. */
const ORDER = ["PUBLISHING", "PUBLISHING_PREPARE", "PUBLISHING_SCHEMA", "PUBLISHING_RESOLVERS", "PUBLISHED"] as const;
type PublishingState = (typeof ORDER)[number];

/** A problem with the declaration itself: the run fails instead of being retried, saying why. */
class PublishFailure extends Error {
  constructor(readonly reason: PublishRunFailure) {
    super(reason.values?.detail ? `${reason.messageId}: ${reason.values.detail}` : reason.messageId);
  }
}

type Step = (tx: Transaction<Tables>, api: ApiRow, run: PublishRunRow) => Promise<void>;

/**
 * Runs one publish to its end: PUBLISHING_PREPARE reads the declaration back from object storage,
 * PUBLISHING_SCHEMA checks it with the model rules and the publish rules and builds its API
 * schema, PUBLISHING_RESOLVERS switches the project's endpoint to it and ends PUBLISHED. A
 * declaration that fails a check, or whose schema does not build, ends the run FAILED with the
 * reason and the project PUBLISHING_FAILED, the previous version still live; other errors are
 * thrown for a retry.
 *
 * Safe to run twice or from a later step (a retry, or resuming after a restart): every step
 * locks the project row, does nothing once the run is over and never moves the state back.
 */
export async function runPublish(deps: PublishDeps, runId: string): Promise<void> {
  let model: SchemaModel | null = null;
  try {
    const prepared = await step(deps, runId, "PUBLISHING_PREPARE", async (_tx, _api, run) => {
      model = await storedDeclaration(deps, run);
    });
    if (!prepared) return;
    const checked = await step(deps, runId, "PUBLISHING_SCHEMA", async (_tx, api) => {
      const problem = publishProblem(
        { awsAccountId: api.aws_account_id, region: api.region, defaultAuthMode: api.default_auth_mode, oidc: api.oidc },
        model!,
      );
      if (problem) throw new PublishFailure({ messageId: problem });
      const collision = api.amplify_names ? amplifyNameCollision(model!) : null;
      if (collision) throw new PublishFailure({ messageId: "error_publish_amplify_name_taken", values: { ...collision } });
      const unbuildable = deps.liveVersionProblem(model!, { amplifyNames: api.amplify_names });
      if (unbuildable) throw new PublishFailure({ messageId: "error_publish_schema_unbuildable", values: { detail: unbuildable } });
    });
    if (!checked) return;
    await step(deps, runId, "PUBLISHING_RESOLVERS", async () => {});
    await step(deps, runId, "PUBLISHED", async (tx, api, run) => {
      await deps.setLiveVersion(tx, { apiId: api.id, runId: run.id, version: run.schema_version, model: model!, options: { amplifyNames: api.amplify_names } });
      const keyId = api.default_api_key_id ?? (await deps.createDefaultApiKey(tx, api.id)).id;
      if (usesUserPool({ defaultAuthMode: api.default_auth_mode, additionalAuthModes: api.additional_auth_modes })) {
        await ensureUserPool(tx, api.id, api.region);
      }
      await tx
        .updateTable("apis")
        .set({ published_version: run.schema_version, default_api_key_id: keyId, graphql_url: `${deps.publicUrl}/p/${api.id}/graphql` })
        .where("id", "=", api.id)
        .execute();
      await setPublishRunStatus(tx, run.id, "SUCCEEDED");
    });
  } catch (error) {
    if (!(error instanceof PublishFailure)) throw error;
    log.info(`publish run ${runId} failed: ${error.message}`);
    await failPublishRun(deps, runId, error.reason);
  }
}

/** The declaration the run uploaded, checked with every model rule; a PublishFailure when missing or broken. */
async function storedDeclaration(deps: PublishDeps, run: PublishRunRow): Promise<SchemaModel> {
  const bytes = await deps.objects.get(run.object_key);
  const text = bytes ? await unzipDeclaration(bytes) : null;
  if (text === null) throw new PublishFailure({ messageId: "error_publish_declaration_missing", values: { detail: run.object_key } });
  const checked = checkDeclarationValue(text);
  if ("problem" in checked) throw new PublishFailure({ messageId: checked.problem.messageId, ...(checked.problem.values && { values: checked.problem.values }) });
  return checked.model;
}

/**
 * One transaction: with the project locked and the run still in progress, does the step's work
 * and moves the state to `next` (unless it is already there or later). Returns false when the
 * run is over, so the caller stops. Subscribers hear the new state after the commit.
 */
async function step(deps: PublishDeps, runId: string, next: PublishingState, work: Step): Promise<boolean> {
  const outcome = await deps.db.transaction().execute(async (tx) => {
    const run = await findPublishRun(tx, runId);
    if (!run || run.status !== "IN_PROGRESS") return null;
    const api = await findApiForUpdate(tx, run.api_id);
    if (!api || !isPublishing(api.state)) return null;
    await work(tx, api, run);
    const current = ORDER.indexOf(api.state as PublishingState);
    if (ORDER.indexOf(next) <= current) return { api, moved: false };
    const updated = await tx
      .updateTable("apis")
      .set({ state: next, updated_at: new Date() })
      .where("id", "=", api.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendChanges(tx, [apiChange(toApi(updated))]);
    return { api: updated, moved: true };
  });
  if (!outcome) return false;
  if (outcome.moved) deps.pubsub.changesCommitted();
  return true;
}

/** The run FAILED and its project PUBLISHING_FAILED, if the run is still in progress. */
export async function failPublishRun(deps: PublishDeps, runId: string, reason?: PublishRunFailure): Promise<void> {
  const failed = await deps.db.transaction().execute(async (tx) => {
    const run = await findPublishRun(tx, runId);
    if (!run) return null;
    // The project row first, as every step locks it, so a failing and a finishing step never deadlock.
    const api = await findApiForUpdate(tx, run.api_id);
    const current = await findPublishRun(tx, runId);
    if (current?.status !== "IN_PROGRESS") return null;
    await setPublishRunStatus(tx, runId, "FAILED", reason);
    if (!api || !isPublishing(api.state)) return null;
    const updated = await tx
      .updateTable("apis")
      .set({ state: "PUBLISHING_FAILED", updated_at: new Date() })
      .where("id", "=", api.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendChanges(tx, [apiChange(toApi(updated))]);
    return updated;
  });
  if (failed) deps.pubsub.changesCommitted();
}
