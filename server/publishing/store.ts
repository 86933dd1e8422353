import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";

export type PublishRunRow = Selectable<Tables["publish_runs"]>;
export type PublishRunStatus = "IN_PROGRESS" | "SUCCEEDED" | "FAILED";

export function toPublishRun(row: PublishRunRow) {
  return {
    id: row.id,
    apiId: row.api_id,
    schemaVersion: row.schema_version,
    status: row.status,
    initState: row.init_state,
    schema: row.schema,
    failureMessageId: row.failure_message_id,
    failureValues: row.failure_values,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
export type PublishRun = ReturnType<typeof toPublishRun>;

/** Spec §4: 'The publish id is the api id, then -v, then the version.' */
export const publishRunId = (apiId: string, version: number) => `${apiId}-v${version}`;

/** Call with the project row locked, so two publishes of one project never take the same number. */
export async function nextSchemaVersion(db: DbOrTx, apiId: string): Promise<number> {
  const row = await db
    .selectFrom("publish_runs")
    .select((eb) => eb.fn.max("schema_version").as("last"))
    .where("api_id", "=", apiId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertPublishRun(
  db: DbOrTx,
  values: { apiId: string; version: number; initState: string; schema: string; objectKey: string },
) {
  return db
    .insertInto("publish_runs")
    .values({
      id: publishRunId(values.apiId, values.version),
      api_id: values.apiId,
      schema_version: values.version,
      init_state: values.initState,
      schema: values.schema,
      object_key: values.objectKey,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPublishRun(db: DbOrTx, id: string) {
  return db.selectFrom("publish_runs").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function latestPublishRun(db: DbOrTx, apiId: string) {
  return db.selectFrom("publish_runs").selectAll().where("api_id", "=", apiId).orderBy("schema_version", "desc").limit(1).executeTakeFirst();
}

/** Newest first; a page starts below the version `beforeVersion` (keyset on the unique index). */
export async function listPublishRuns(db: DbOrTx, apiId: string, limit: number, beforeVersion: number | null) {
  let query = db.selectFrom("publish_runs").selectAll().where("api_id", "=", apiId);
  if (beforeVersion !== null) query = query.where("schema_version", "<", beforeVersion);
  return query.orderBy("schema_version", "desc").limit(limit).execute();
}

export async function setPublishRunStatus(db: DbOrTx, id: string, status: PublishRunStatus, failure?: PublishRunFailure) {
  const reason = failure ? { failure_message_id: failure.messageId, failure_values: failure.values ? JSON.stringify(failure.values) : null } : {};
  await db.updateTable("publish_runs").set({ status, ...reason, updated_at: new Date() }).where("id", "=", id).execute();
}

/** Why a run failed, as the console shows it: a translation key and its values. */
export interface PublishRunFailure {
  messageId: string;
  values?: Record<string, string | number>;
}

/** Runs a crash may have left behind, oldest first. */
export async function runsInProgress(db: DbOrTx) {
  return db.selectFrom("publish_runs").selectAll().where("status", "=", "IN_PROGRESS").orderBy("created_at").execute();
}

/** Projects in PUBLISHING, PUBLISHING_PREPARE, PUBLISHING_SCHEMA or PUBLISHING_RESOLVERS. */
export async function countProjectsPublishing(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("apis")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("state", "like", "PUBLISHING%")
    .where("state", "<>", "PUBLISHING_FAILED")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Projects stuck in a publishing state without a run in progress (a crash between writes). */
export async function projectsPublishingWithoutRun(db: DbOrTx) {
  return db
    .selectFrom("apis")
    .select("id")
    .where("state", "like", "PUBLISHING%")
    .where("state", "<>", "PUBLISHING_FAILED")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("publish_runs")
            .select(sql`1`.as("one"))
            .whereRef("publish_runs.api_id", "=", "apis.id")
            .where("publish_runs.status", "=", "IN_PROGRESS"),
        ),
      ),
    )
    .execute();
}
