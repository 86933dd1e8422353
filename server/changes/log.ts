import { sql } from "kysely";
import type { Db, DbOrTx, Tx } from "../db/database";
import { log } from "../log";

/** One event as the change log keeps it; `payload` is what the subscribers are told. */
export interface Change {
  scope: "platform" | "workspace" | "project";
  /** The workspace's or the project's id ("" for the platform). */
  scopeId: string;
  /** What subscribers listen to: "role:changed", "api:updated", "entries:<typeId>". */
  topic: string;
  entryId: string | null;
  kind: string;
  payload: object;
}

/** A committed change with its place in the log. */
export interface LoggedChange extends Change {
  seq: number;
}

/**
 * Every writer of the log takes this lock for the rest of its transaction, so sequence numbers
 * become visible in order: a follower that has read up to N never meets a smaller one later
 * (a sequence taken by a transaction still open would otherwise be skipped). Appending is the
 * last thing a transaction does, so the lock is held only for the commit.
 */
const CHANGE_LOG_LOCK = 0x62617563; // "bauc"

/**
 * Appends the events of a write, in the write's own transaction: they exist exactly when it
 * commits. One statement: the lock (a CTE every row joins) is taken before any row draws its
 * sequence number.
 */
export async function appendChanges(tx: Tx, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  // The rows as one JSON document, read in the order given (WITH ORDINALITY), so sequence numbers
  // follow the write's own order; the statement's text is the same for one change or a batch.
  const rows = JSON.stringify(
    changes.map((change) => ({ scope: change.scope, scope_id: change.scopeId, topic: change.topic, entry_id: change.entryId, kind: change.kind, payload: change.payload })),
  );
  await sql`
    with log_lock as (select pg_advisory_xact_lock(${CHANGE_LOG_LOCK}))
    insert into changes (scope, scope_id, topic, entry_id, kind, payload)
    select v.scope, v.scope_id, v.topic, v.entry_id, v.kind, v.payload
    from log_lock, rows from (jsonb_to_recordset(${rows}::jsonb) as (scope text, scope_id text, topic text, entry_id text, kind text, payload jsonb)) with ordinality
      as v (scope, scope_id, topic, entry_id, kind, payload, position)
    order by v.position
  `.execute(tx);
}

/**
 * Appends events of a write that has committed already (credentials end in many places, each
 * told after its commit). Never fails the caller: the log is the other servers' hint, the
 * database stays the truth they check.
 */
export async function appendAfterCommit(db: Db, changes: readonly Change[]): Promise<void> {
  await db
    .transaction()
    .execute((tx) => appendChanges(tx, changes))
    .catch((error: unknown) => log.error("appending to the change log failed:", error));
}

type ChangeRow = { seq: string | number; scope: Change["scope"]; scope_id: string; topic: string; entry_id: string | null; kind: string; payload: unknown };

const toLogged = (row: ChangeRow): LoggedChange => ({
  seq: Number(row.seq),
  scope: row.scope,
  scopeId: row.scope_id,
  topic: row.topic,
  entryId: row.entry_id,
  kind: row.kind,
  payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as object,
});

/** The last sequence committed, 0 for an empty log: where a starting server begins to follow. */
export async function latestSequence(db: DbOrTx): Promise<number> {
  const row = await db.selectFrom("changes").select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The next changes after `after`, in order, at most `limit`. */
export async function changesAfter(db: DbOrTx, after: number, limit: number): Promise<LoggedChange[]> {
  const rows = await db.selectFrom("changes").selectAll().where("seq", ">", String(after)).orderBy("seq").limit(limit).execute();
  return rows.map((row) => toLogged(row as ChangeRow));
}

/** What one subscription listens to: a scope's topic, of one kind or all. */
export interface ChangeFilter {
  scopeId: string;
  topic: string;
  kind?: string;
}

/** The changes a subscription missed after `after` (one indexed range read), oldest first. */
export async function missedChanges(db: DbOrTx, filter: ChangeFilter, after: number, limit: number): Promise<LoggedChange[]> {
  let query = db
    .selectFrom("changes")
    .selectAll()
    .where("scope_id", "=", filter.scopeId)
    .where("topic", "=", filter.topic)
    .where("seq", ">", String(after));
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  const rows = await query.orderBy("seq").limit(limit).execute();
  return rows.map((row) => toLogged(row as ChangeRow));
}

/** The oldest sequence still kept, or null for an empty log: a resume from before it has lost events. */
export async function oldestSequence(db: DbOrTx): Promise<number | null> {
  const row = await db.selectFrom("changes").select((eb) => eb.fn.min("seq").as("seq")).executeTakeFirst();
  return row?.seq == null ? null : Number(row.seq);
}

/** Deletes the changes older than the retention; a reconnect can resume only within it. */
export async function dropOldChanges(db: Db, retentionSeconds: number): Promise<void> {
  await db.deleteFrom("changes").where("created_at", "<", new Date(Date.now() - retentionSeconds * 1000)).execute();
}
