import { randomBytes } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { refuse } from "../graphqlKit/errors";
import type { FlowSchema } from "../../src/domain/flows/types";

export type FlowRow = Selectable<Tables["flows"]>;
export type FlowRunRow = Selectable<Tables["flow_runs"]>;
export type FlowRunLogRow = Selectable<Tables["flow_run_logs"]>;

export type FlowRunStatus = "QUEUED" | "RUNNING" | "WAITING" | "SUCCEEDED" | "FAILED" | "LIMITED";

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;
const jsonOf = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

export const schemaOfFlow = (row: FlowRow) => jsonOf(row.schema) as FlowSchema;

export function toFlow(row: FlowRow) {
  return {
    id: row.id,
    name: row.name,
    apiId: row.api_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    schema: JSON.stringify(schemaOfFlow(row)),
  };
}
export type Flow = ReturnType<typeof toFlow>;

export function toFlowRun(row: FlowRunRow) {
  return {
    id: row.id,
    flowId: row.flow_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    status: row.status as FlowRunStatus,
    trigger: JSON.stringify(jsonOf(row.trigger)),
    error: row.error,
  };
}

export function toFlowRunLog(row: FlowRunLogRow) {
  return { id: row.id, createdAt: row.created_at, updatedAt: row.updated_at, content: JSON.stringify(jsonOf(row.content)) };
}

/*
 * nextToken (spec §7) is the last row's sort key, so the next page is one indexed range read.
 */
const tokenOf = (at: Date, id: string) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
function readToken(token: string | null | undefined): [string, string] | null {
  if (!token) return null;
  try {
    const value = JSON.parse(Buffer.from(token, "base64url").toString()) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string" && !Number.isNaN(Date.parse(value[0]))) return [value[0], value[1]];
  } catch {
    // refused below
  }
  throw refuse("BAD_USER_INPUT", "error_next_token_invalid", "This nextToken does not belong to this list.");
}

export const MAX_LIST = 100;

/** A flow's place in the list, last updated first: the cursor after which the next page starts. */
export const flowCursor = (row: FlowRow) => tokenOf(row.updated_at, row.id);
function checkLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST) throw refuse("BAD_USER_INPUT", "error_flow_list_limit", `limit must be between 1 and ${MAX_LIST}.`, { max: MAX_LIST });
}

/** A page and the token of the next one (null on the last page). */
function page<R>(rows: R[], limit: number, keyOf: (row: R) => string) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, nextToken: more ? keyOf(items[items.length - 1]) : null };
}

export async function listFlows(db: DbOrTx, apiId: string, limit: number, direction: "ASC" | "DESC", nextToken: string | null | undefined) {
  checkLimit(limit);
  const after = readToken(nextToken);
  const compare = direction === "DESC" ? "<" : ">";
  const order = direction === "DESC" ? "desc" : "asc";
  const rows = await db
    .selectFrom("flows")
    .selectAll()
    .where("api_id", "=", apiId)
    .$if(after !== null, (q) => q.where(sql<boolean>`(updated_at, id) ${sql.raw(compare)} (${after![0]}::timestamptz, ${after![1]})`))
    .orderBy("updated_at", order)
    .orderBy("id", order)
    .limit(limit + 1)
    .execute();
  return page(rows, limit, (row) => tokenOf(row.updated_at, row.id));
}

export const findFlow = (db: DbOrTx, id: string) => db.selectFrom("flows").selectAll().where("id", "=", id).executeTakeFirst();

export const findFlowForUpdate = (db: DbOrTx, id: string) => db.selectFrom("flows").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export async function countFlows(db: DbOrTx, apiId: string) {
  const row = await db.selectFrom("flows").select((eb) => eb.fn.countAll<string>().as("count")).where("api_id", "=", apiId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** What a saved schema also sets: the tables its data triggers watch and when its schedule fires next. */
export interface FlowDerived {
  dataTables: string[];
  nextScheduledAt: Date | null;
}

export async function insertFlow(db: DbOrTx, values: { apiId: string; name: string; schema: FlowSchema; ownerSub: string; ownerEmail: string } & FlowDerived) {
  return db
    .insertInto("flows")
    .values({
      id: newId("flow"),
      api_id: values.apiId,
      name: values.name,
      schema: JSON.stringify(values.schema),
      owner_sub: values.ownerSub,
      owner_email: values.ownerEmail,
      data_tables: values.dataTables,
      next_scheduled_at: values.nextScheduledAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateFlowRow(db: DbOrTx, id: string, changes: { name?: string; schema?: FlowSchema } & Partial<FlowDerived>) {
  return db
    .updateTable("flows")
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.schema !== undefined ? { schema: JSON.stringify(changes.schema) } : {}),
      ...(changes.dataTables !== undefined ? { data_tables: changes.dataTables } : {}),
      ...(changes.nextScheduledAt !== undefined ? { next_scheduled_at: changes.nextScheduledAt } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const deleteFlowRow = (db: DbOrTx, id: string) => db.deleteFrom("flows").where("id", "=", id).execute();

/** The flows whose data triggers watch this table. */
export const flowsWatching = (db: DbOrTx, apiId: string, table: string) =>
  db.selectFrom("flows").selectAll().where("api_id", "=", apiId).where(sql<boolean>`data_tables @> array[${table}]::text[]`).execute();

export async function insertRun(db: DbOrTx, values: { flowId: string; apiId: string; status: FlowRunStatus; trigger: unknown; depth: number; error?: string | null }) {
  return db
    .insertInto("flow_runs")
    .values({
      id: newId("frun"),
      flow_id: values.flowId,
      api_id: values.apiId,
      status: values.status,
      trigger: JSON.stringify(values.trigger),
      depth: values.depth,
      error: values.error ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findRun = (db: DbOrTx, id: string) => db.selectFrom("flow_runs").selectAll().where("id", "=", id).executeTakeFirst();

export async function setRunStatus(db: DbOrTx, id: string, status: FlowRunStatus, error: string | null = null) {
  await db.updateTable("flow_runs").set({ status, error, updated_at: new Date() }).where("id", "=", id).execute();
}

/** Runs the project's flows started since `since` (the per-minute limit counts them). */
export async function countRunsSince(db: DbOrTx, apiId: string, since: Date) {
  const row = await db
    .selectFrom("flow_runs")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("api_id", "=", apiId)
    .where("created_at", ">=", since)
    .where("status", "!=", "LIMITED")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function listRuns(db: DbOrTx, flowId: string, limit: number, nextToken: string | null | undefined) {
  checkLimit(limit);
  const after = readToken(nextToken);
  const rows = await db
    .selectFrom("flow_runs")
    .selectAll()
    .where("flow_id", "=", flowId)
    .$if(after !== null, (q) => q.where(sql<boolean>`(created_at, id) < (${after![0]}::timestamptz, ${after![1]})`))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  return page(rows, limit, (row) => tokenOf(row.created_at, row.id));
}

export async function insertRunLog(db: DbOrTx, runId: string, stepId: string, content: unknown) {
  return db
    .insertInto("flow_run_logs")
    .values({ id: newId("flog"), run_id: runId, step_id: stepId, content: JSON.stringify(content) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listRunLogs(db: DbOrTx, runId: string, limit: number, nextToken: string | null | undefined) {
  checkLimit(limit);
  const after = readToken(nextToken);
  const rows = await db
    .selectFrom("flow_run_logs")
    .selectAll()
    .where("run_id", "=", runId)
    .$if(after !== null, (q) => q.where(sql<boolean>`(created_at, id) > (${after![0]}::timestamptz, ${after![1]})`))
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .limit(limit + 1)
    .execute();
  return page(rows, limit, (row) => tokenOf(row.created_at, row.id));
}

/** The run's logs so far, in order: a resumed run goes on after the last one. */
export const runLogs = (db: DbOrTx, runId: string) =>
  db.selectFrom("flow_run_logs").selectAll().where("run_id", "=", runId).orderBy("created_at", "asc").orderBy("id", "asc").execute();
