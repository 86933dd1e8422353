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
  /**
   * What the subscribers are told. An array is a batch of events of one write (a bulk create's
   * entries): stored as one row, each element with a sequence of its own, told one by one.
   */
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

/** How many events a stored change carries: one per element of a batch, else one. */
const eventsIn = (payload: unknown) => (Array.isArray(payload) ? payload.length : 1);

/**
 * Appends the events of a write, in the write's own transaction: they exist exactly when it
 * commits. One statement: the lock (a CTE every row joins) is taken before the sequence numbers
 * are drawn. A change of n events reserves n consecutive numbers (no other writer draws any while
 * the lock is held) and is stored under the last of them, so a bulk write costs one row, not one
 * per entry, and each event still has its own place in the log.
 */
export async function appendChanges(tx: Tx, changes: readonly Change[]): Promise<void> {
  const kept = changes.filter((change) => eventsIn(change.payload) > 0);
  if (kept.length === 0) return;
  let through = 0;
  // The rows as one JSON document; `through` counts the events up to and including each row.
  const rows = JSON.stringify(
    kept.map((change) => {
      through += eventsIn(change.payload);
      return { scope: change.scope, scope_id: change.scopeId, topic: change.topic, entry_id: change.entryId, kind: change.kind, payload: change.payload, through };
    }),
  );
  await sql`
    with log_lock as (select pg_advisory_xact_lock(${CHANGE_LOG_LOCK})),
    reserved as (
      select setval(pg_get_serial_sequence('changes', 'seq'), nextval(pg_get_serial_sequence('changes', 'seq')) + ${through}::bigint - 1) as last
      from log_lock
    )
    insert into changes (seq, scope, scope_id, topic, entry_id, kind, payload)
    select reserved.last - ${through}::bigint + v.through, v.scope, v.scope_id, v.topic, v.entry_id, v.kind, v.payload
    from reserved, jsonb_to_recordset(${rows}::jsonb) as v (scope text, scope_id text, topic text, entry_id text, kind text, payload jsonb, through bigint)
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

/** A stored change as its events, oldest first: a batch's elements take the numbers up to the row's. */
function toLogged(row: ChangeRow): LoggedChange[] {
  const payload: unknown = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
  const last = Number(row.seq);
  const events = Array.isArray(payload) ? (payload as object[]) : [payload as object];
  return events.map((event, index) => ({
    seq: last - events.length + 1 + index,
    scope: row.scope,
    scopeId: row.scope_id,
    topic: row.topic,
    entryId: Array.isArray(payload) ? ((event as { id?: string }).id ?? null) : row.entry_id,
    kind: row.kind,
    payload: event,
  }));
}

/** The events after `after` of rows read by sequence (a batch's row may hold some at or before it). */
const eventsAfter = (rows: readonly ChangeRow[], after: number) => rows.flatMap(toLogged).filter((change) => change.seq > after);

/** The last sequence committed, 0 for an empty log: where a starting server begins to follow. */
export async function latestSequence(db: DbOrTx): Promise<number> {
  const row = await db.selectFrom("changes").select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * The next changes after `after`, in order, from at most `limit` stored rows: fewer than `limit`
 * changes means the log's end was reached.
 */
export async function changesAfter(db: DbOrTx, after: number, limit: number): Promise<LoggedChange[]> {
  const rows = await db.selectFrom("changes").selectAll().where("seq", ">", String(after)).orderBy("seq").limit(limit).execute();
  return eventsAfter(rows as ChangeRow[], after);
}

/** What one subscription listens to: a scope's topic, of one kind or all. */
export interface ChangeFilter {
  scopeId: string;
  topic: string;
  kind?: string;
}

/** The changes a subscription missed after `after` (one indexed range read of at most `limit` rows), oldest first. */
export async function missedChanges(db: DbOrTx, filter: ChangeFilter, after: number, limit: number): Promise<LoggedChange[]> {
  let query = db
    .selectFrom("changes")
    .selectAll()
    .where("scope_id", "=", filter.scopeId)
    .where("topic", "=", filter.topic)
    .where("seq", ">", String(after));
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  const rows = await query.orderBy("seq").limit(limit).execute();
  return eventsAfter(rows as ChangeRow[], after);
}

/** The oldest sequence still kept, or null for an empty log: a resume from before it has lost events. */
export async function oldestSequence(db: DbOrTx): Promise<number | null> {
  const row = await db.selectFrom("changes").selectAll().orderBy("seq").limit(1).executeTakeFirst();
  return row ? toLogged(row as ChangeRow)[0].seq : null;
}

/**
 * Whether events after `after` may be gone from the log: the first event it keeps comes later
 * than the one after `after`, or it keeps none though the sequence has moved past `after`. A
 * resume from there would silently miss them. (A sequence drawn by a write that rolled back
 * leaves a hole too; just after a client's `after` at the log's old end it costs that client a
 * needless reload, never a lost event.)
 */
export async function lostAfter(db: DbOrTx, after: number): Promise<boolean> {
  const oldest = await oldestSequence(db);
  if (oldest !== null) return oldest > after + 1;
  const { rows } = await sql<{ last: string | number | null }>`select pg_sequence_last_value(pg_get_serial_sequence('changes', 'seq')::regclass) as last`.execute(db);
  return Number(rows[0]?.last ?? 0) > after;
}

/** Deletes the changes older than the retention; a reconnect can resume only within it. */
export async function dropOldChanges(db: Db, retentionSeconds: number): Promise<void> {
  await db.deleteFrom("changes").where("created_at", "<", new Date(Date.now() - retentionSeconds * 1000)).execute();
}
