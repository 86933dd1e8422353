import { randomUUID } from "node:crypto";
import { sql, type RawBuilder } from "kysely";
import type { DbOrTx } from "../../db/database";
import { valueExpression } from "./sql";
import type { ActivityChanges } from "../builtIns/activityChanges";

/** One entry as read back: values as stored, times as ISO text with milliseconds. */
export interface EntryRow {
  id: string;
  type_id: string;
  data: Record<string, unknown>;
  parent_first: string | null;
  parent_second: string | null;
  /** The project user who created it (table permissions), else null. */
  owner: string | null;
  created_at: string;
  updated_at: string;
  /** The sort value as text (full precision), for the next page's token. */
  sort_key?: string;
  /** With a batched list by parent: which parent the row was listed for. */
  for_parent?: string;
  /** Read under a byte limit: the size of `data` as JSON text. */
  data_bytes?: number;
}

export type ParentSlot = "first" | "second";
export type SortOrder = "ASC" | "DESC";

/** What a list is ordered by: a system time column or one of the table's sort-by fields. */
export interface Sort {
  field: string;
  order: SortOrder;
}

export interface ListQuery {
  apiId: string;
  typeId: string;
  /** Rows wanted; one more is read to know whether a next page exists. */
  limit: number;
  sort: Sort;
  /** The last row of the previous page (from nextToken). */
  after?: { sortKey: string; id: string } | null;
  filter?: RawBuilder<unknown> | null;
  range?: RawBuilder<unknown> | null;
  /** Only this project user's entries (a caller who reaches only their own). */
  owner?: string | null;
  /** Stop one row past this many bytes of data (withinBytes); undefined: no such stop. */
  maxBytes?: number;
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const COLUMNS = sql`id, type_id, data, parent_first, parent_second, owner, ${iso("created_at")} as created_at, ${iso("updated_at")} as updated_at`;
/** COLUMNS and the size of the row's data as the JSON text it is sent as. */
const MEASURED_COLUMNS = sql`${COLUMNS}, octet_length(data::text) as data_bytes`;
const columnsFor = (maxBytes: number | undefined) => (maxBytes === undefined ? COLUMNS : MEASURED_COLUMNS);

/**
 * The rows of `rows` (measured, in their order) up to and including the first whose data takes
 * the sum past `maxBytes`: a read under a byte budget never fetches much more than is left of it,
 * and a sum beyond it tells the reader it was stopped. A window without ORDER BY keeps the order
 * the rows come in. Without a limit, `rows` as they are.
 */
export function withinBytes(rows: RawBuilder<unknown>, maxBytes: number | undefined): RawBuilder<unknown> {
  if (maxBytes === undefined) return rows;
  return sql`select * from (select measured.*, coalesce(sum(measured.data_bytes) over (rows between unbounded preceding and 1 preceding), 0) as bytes_before
    from (${rows}) as measured) as counted where bytes_before <= ${maxBytes}::bigint`;
}

/**
 * Qualified: in ORDER BY a bare `updated_at` names the selected ISO text of that name (COLUMNS),
 * which sorted every row of the table as text, at millisecond precision, instead of walking the
 * index, and disagreed with the keyset comparison on entries written within one millisecond.
 */
const TIME_COLUMNS: Record<string, string> = { updatedAt: "project_entries.updated_at", createdAt: "project_entries.created_at" };

/** The SQL a list is ordered by; keyset comparisons use the same expression. */
export function sortExpression(field: string): RawBuilder<unknown> {
  const column = TIME_COLUMNS[field];
  return column ? sql.raw(column) : valueExpression(field);
}

/** The sort value as text that loses nothing: times to the microsecond (ISO, UTC), values as JSON. */
function sortKeyText(field: string): RawBuilder<unknown> {
  const column = TIME_COLUMNS[field];
  return column ? sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`) : sql`(${valueExpression(field)})::text`;
}

/** Casts a sort key (text) back to what the sort expression compares with. */
export const sortKeyValue = (field: string, sortKey: string) =>
  TIME_COLUMNS[field] ? sql`${sortKey}::timestamptz` : sql`${sortKey}::jsonb`;

/** What a list matches on all its pages: the table, `scope`, the filter, the sort range and the owner. */
function listConditions(query: ListQuery, scope: RawBuilder<unknown>) {
  const conditions = [sql`api_id = ${query.apiId}`, sql`type_id = ${query.typeId}`, scope];
  if (query.filter) conditions.push(query.filter);
  if (query.range) conditions.push(query.range);
  if (query.owner) conditions.push(ownedBy(query.owner));
  return conditions;
}

/** The WHERE and ORDER BY of one list page; `scope` narrows it (to a parent, say). */
export function pageQuery(query: ListQuery, scope: RawBuilder<unknown>) {
  const expression = sortExpression(query.sort.field);
  const direction = sql.raw(query.sort.order === "ASC" ? "asc" : "desc");
  const conditions = listConditions(query, scope);
  if (query.after) {
    const beyond = sql.raw(query.sort.order === "ASC" ? ">" : "<");
    conditions.push(sql`(${expression}, id) ${beyond} (${sortKeyValue(query.sort.field, query.after.sortKey)}, ${query.after.id})`);
  }
  return sql`select ${columnsFor(query.maxBytes)}, ${sortKeyText(query.sort.field)} as sort_key from project_entries
    where ${sql.join(conditions, sql` and `)}
    order by ${expression} ${direction}, id ${direction} limit ${query.limit + 1}`;
}

/** Only one project user's entries; no owner means no such restriction. */
const ownedBy = (owner: string | null | undefined) => (owner ? sql`owner = ${owner}` : sql`true`);

/** One page of a table's entries: keyset, never OFFSET, and no count. */
export async function listEntries(db: DbOrTx, query: ListQuery): Promise<EntryRow[]> {
  const { rows } = await withinBytes(pageQuery(query, sql`true`), query.maxBytes).$castTo<EntryRow>().execute(db);
  return rows;
}

/**
 * The planner's estimate of how many entries a list matches on all its pages: EXPLAIN plans the
 * list's own conditions and reads nothing, so it costs the same for ten rows or ten million
 * (entries of every table share one relation, so the relation's own row estimate says nothing
 * about one table). Null when the plan gives no number.
 */
export async function estimateEntries(db: DbOrTx, query: ListQuery): Promise<number | null> {
  const { rows } = await sql<Record<string, unknown>>`explain (format json) select 1 from project_entries
    where ${sql.join(listConditions(query, sql`true`), sql` and `)}`.execute(db);
  const plan = rows[0] && Object.values(rows[0])[0];
  const parsed = typeof plan === "string" ? JSON.parse(plan) : plan;
  const estimate = Array.isArray(parsed) ? parsed[0]?.Plan?.["Plan Rows"] : undefined;
  return typeof estimate === "number" && Number.isFinite(estimate) ? Math.round(estimate) : null;
}

/**
 * How many entries a list matches on all its pages, counted up to `cap` (one past the cap says
 * "more"): the count stops there, so a huge table costs no more than `cap` index entries.
 */
export async function countEntries(db: DbOrTx, query: ListQuery, cap: number): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`select count(*) as count from (select 1 from project_entries
    where ${sql.join(listConditions(query, sql`true`), sql` and `)} limit ${cap}) as matched`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * One page per parent for many parents in one statement (a lateral join): the connection
 * field of a list of parents costs one query, not one per parent.
 */
export async function listEntriesOfParents(db: DbOrTx, query: ListQuery, slot: ParentSlot, parentIds: readonly string[]) {
  const column = sql.raw(slot === "first" ? "parent_first" : "parent_second");
  const page = pageQuery(query, sql`${column} = parents.id`);
  const pages = sql`select parents.id as for_parent, page.* from unnest(${[...parentIds]}::text[]) as parents(id)
    cross join lateral (${page}) as page`;
  const { rows } = await withinBytes(pages, query.maxBytes).$castTo<EntryRow>().execute(db);
  return rows;
}

/**
 * How many children one parent has in a slot, counted up to `cap`: the count walks the parent
 * index, so a parent with a million children costs no more than `cap` index entries.
 */
export async function countEntriesOfParent(db: DbOrTx, apiId: string, typeId: string, slot: ParentSlot, parentId: string, cap: number, owner?: string | null) {
  const column = sql.raw(slot === "first" ? "parent_first" : "parent_second");
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from (select 1 from project_entries
    where api_id = ${apiId} and type_id = ${typeId} and ${column} = ${parentId} and ${ownedBy(owner)} limit ${cap}) as capped`.execute(db);
  return rows[0].count;
}

/** Entries by id, in any order; missing ids are simply absent (and, past `maxBytes`, withinBytes stops). */
export async function entriesByIds(db: DbOrTx, apiId: string, typeId: string, ids: readonly string[], maxBytes?: number): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  const byIds = sql`select ${columnsFor(maxBytes)} from project_entries
    where api_id = ${apiId} and type_id = ${typeId} and id = any(${[...ids]}::text[])`;
  const { rows } = await withinBytes(byIds, maxBytes).$castTo<EntryRow>().execute(db);
  return rows;
}

/** No value is stored as no key, so "attributeExists" and comparisons see it as absent. */
const withoutNulls = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null && value !== undefined));

export interface NewEntry {
  data: Record<string, unknown>;
  parentFirst: string | null;
  parentSecond: string | null;
  /** The project user creating it, if one does. */
  owner?: string | null;
}

/**
 * One statement whose rows travel as one JSON document (jsonb_to_recordset, as the CSV import
 * writes): the statement's text and parameters stay the same whatever the batch's size, so
 * PostgreSQL parses one string instead of binding seven parameters per entry. Returns the rows
 * in the order given.
 */
export async function insertEntries(db: DbOrTx, apiId: string, typeId: string, entries: readonly NewEntry[]): Promise<EntryRow[]> {
  if (entries.length === 0) return [];
  const given = entries.map((entry) => ({
    id: randomUUID(),
    data: withoutNulls(entry.data),
    parent_first: entry.parentFirst,
    parent_second: entry.parentSecond,
    owner: entry.owner ?? null,
  }));
  const { rows } = await sql<EntryRow>`insert into project_entries (api_id, type_id, id, data, parent_first, parent_second, owner)
    select ${apiId}, ${typeId}, given.id, given.data, given.parent_first, given.parent_second, given.owner
    from jsonb_to_recordset(${JSON.stringify(given)}::jsonb) as given(id text, data jsonb, parent_first text, parent_second text, owner text)
    returning ${COLUMNS}`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return given.map((entry) => byId.get(entry.id)!);
}

export interface EntryChange {
  /** Values to set; a null removes the value. */
  data: Record<string, unknown>;
  parentFirst?: string | null;
  parentSecond?: string | null;
}

/** `owner` limits the write to that project user's entry (undefined: any entry). */
export async function updateEntry(db: DbOrTx, apiId: string, typeId: string, id: string, change: EntryChange, owner?: string | null): Promise<EntryRow | undefined> {
  const set = withoutNulls(change.data);
  const unset = Object.keys(change.data).filter((name) => change.data[name] === null);
  const assignments = [sql`data = (data || ${JSON.stringify(set)}::jsonb) - ${unset}::text[]`, sql`updated_at = now()`];
  if (change.parentFirst !== undefined) assignments.push(sql`parent_first = ${change.parentFirst}`);
  if (change.parentSecond !== undefined) assignments.push(sql`parent_second = ${change.parentSecond}`);
  const { rows } = await sql<EntryRow>`update project_entries set ${sql.join(assignments)}
    where api_id = ${apiId} and type_id = ${typeId} and id = ${id} and ${ownedBy(owner)} returning ${COLUMNS}`.execute(db);
  return rows[0];
}

export async function deleteEntries(db: DbOrTx, apiId: string, typeId: string, ids: readonly string[], owner?: string | null): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<EntryRow>`delete from project_entries
    where api_id = ${apiId} and type_id = ${typeId} and id = any(${[...ids]}::text[]) and ${ownedBy(owner)} returning ${COLUMNS}`.execute(db);
  return rows;
}

/** Entries a filter matches (any condition made by compileFilter), deleted in one statement. */
export async function deleteEntriesMatching(db: DbOrTx, apiId: string, typeId: string, condition: RawBuilder<unknown>, owner?: string | null): Promise<EntryRow[]> {
  const { rows } = await sql<EntryRow>`delete from project_entries
    where api_id = ${apiId} and type_id = ${typeId} and ${condition} and ${ownedBy(owner)} returning ${COLUMNS}`.execute(db);
  return rows;
}

/** The ids of the entries a condition matches now, in id order: what a delete by filter works through. */
export async function matchingEntryIds(db: DbOrTx, apiId: string, typeId: string, condition: RawBuilder<unknown>, owner?: string | null): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from project_entries
    where api_id = ${apiId} and type_id = ${typeId} and ${condition} and ${ownedBy(owner)} order by id`.execute(db);
  return rows.map((row) => row.id);
}

/** Reads one entry and locks it until the transaction ends, so a check before a write holds. */
export async function lockEntry(tx: DbOrTx, apiId: string, typeId: string, id: string, owner?: string | null): Promise<EntryRow | undefined> {
  const { rows } = await sql<EntryRow>`select ${COLUMNS} from project_entries
    where api_id = ${apiId} and type_id = ${typeId} and id = ${id} and ${ownedBy(owner)} for update`.execute(tx);
  return rows[0];
}

export type ActivityEvent = "INSERT" | "MODIFY" | "REMOVE";

/** Spec §3 "Activity": one row per written entry, in the write's transaction; a MODIFY with what it changed. */
export async function recordActivities(db: DbOrTx, apiId: string, eventName: ActivityEvent, recordType: string, recordIds: readonly string[], changes?: ActivityChanges) {
  if (recordIds.length === 0) return;
  const kept = changes ? JSON.stringify(changes) : null;
  // The ids as one text[] parameter: the statement is the same for one entry or a hundred.
  await sql`insert into project_activities (id, api_id, event_name, record_type, record_id, changes)
    select gen_random_uuid()::text, ${apiId}, ${eventName}, ${recordType}, record_id, ${kept}::jsonb
    from unnest(${[...recordIds]}::text[]) as record_id`.execute(db);
}
