import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Db } from "../../db/database";
import type { Tables } from "../../db/tables";
import { log } from "../../log";
import { effectiveFieldType, isSystemField } from "../../../src/domain/model";
import { filterKind, type FilterKind } from "../../../src/domain/filters";
import type { TablePlan } from "../schema/plan";
import { FILTER_LIMITS, type Filter } from "./filters";
import { SCALAR_KINDS, indexName, projectIndexNames, statisticsName } from "./indexes";
import { textExpression, valueExpression } from "./sql";

/**
 * Which index serves a condition: `value`, a btree over the field's value and id (the very index
 * a sort-by field has: eq, ranges, attributeExists, in, between); `prefix`, a btree over its text
 * in byte order (beginsWith, as LIKE 'x%'); `text`, a trigram index over its text (contains, as
 * LIKE '%x%').
 */
export type FilterIndexKind = "value" | "prefix" | "text";

export interface FilterIndexWish {
  field: string;
  kind: FilterIndexKind;
}

/** Begins every statement the builder runs: what runs beside requests, for tests that count a request's statements. */
export const FILTER_INDEX_STATEMENT = "/* list index */";
const BACKGROUND_MARK = sql.raw(FILTER_INDEX_STATEMENT);

const VALUE_OPERATORS: ReadonlySet<string> = new Set(["eq", "lt", "le", "gt", "ge", "attributeExists", "between", "in"]);

/**
 * The indexes that could serve a list's filter: one per field and operator that narrows the
 * entries. A negation (ne, notContains, notIn, anything under `not`) matches most entries, which
 * no index finds faster than the table's own order.
 */
export function filterIndexWishes(filter: Filter, table: TablePlan): FilterIndexWish[] {
  const wishes = new Map<string, FilterIndexWish>();
  const visit = (node: Filter, depth: number) => {
    if (depth > FILTER_LIMITS.maxDepth) return;
    for (const [key, value] of Object.entries(node)) {
      if (value === null || value === undefined || key === "not") continue;
      if (key === "and" || key === "or") {
        for (const child of value as Filter[]) visit(child, depth + 1);
        continue;
      }
      const field = table.byName.get(key);
      const fieldType = field && !isSystemField(field) ? effectiveFieldType(field) : null;
      const kind = fieldType ? filterKind(fieldType) : null;
      if (!kind || !SCALAR_KINDS.has(kind)) continue;
      for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
        if (operand === null || operand === undefined) continue;
        const wished = indexKindFor(operator, kind);
        if (wished) wishes.set(`${key}\0${wished}`, { field: key, kind: wished });
      }
    }
  };
  visit(filter, 1);
  return [...wishes.values()];
}

function indexKindFor(operator: string, kind: FilterKind): FilterIndexKind | null {
  if (VALUE_OPERATORS.has(operator)) return "value";
  if (kind !== "text") return null;
  return operator === "beginsWith" ? "prefix" : operator === "contains" ? "text" : null;
}

/** The index's name: a value index is named as a sort-by field's, so one serves both. */
export const filterIndexName = (apiId: string, typeId: string, wish: FilterIndexWish) =>
  indexName(wish.kind === "value" ? "sort" : wish.kind, apiId, typeId, wish.field);

export interface FilterIndexOptions {
  /** A table with fewer entries is read whole faster than an index is kept. */
  minEntries: number;
  /** The list indexes a table may have, its sort-by fields' included: each one costs every write. */
  maxPerTable: number;
  /** How long after the list that asked a build starts: the list answers first, by reading the table. */
  delayMs: number;
  /** How long an index not built (too few entries, the table's share used, another server building) is not asked about again. */
  retryMs: number;
}

export const FILTER_INDEX_DEFAULTS: FilterIndexOptions = { minEntries: 2_000, maxPerTable: 12, delayMs: 200, retryMs: 60_000 };

/**
 * Indexes where they pay: a field gets the index its filters need once a list filters on it, in
 * a table of at least `minEntries` entries. Every index multiplies what a write costs (a btree
 * and a trigram index on every field made CSV imports five times slower), so fields nobody
 * filters on keep none, and a table has at most `maxPerTable`. The list that asks answers at
 * once, by reading the table; the index is built after it, one at a time, without blocking
 * writes on PostgreSQL (CONCURRENTLY), and under an advisory lock so that only one server
 * builds it. A build cut off (a crash) leaves an invalid index, which the next wish replaces.
 */
export function createFilterIndexes(db: Db, options: FilterIndexOptions = FILTER_INDEX_DEFAULTS) {
  /** Per index name: built (known to exist), or when it was last asked about. */
  const asked = new Map<string, number | "built">();
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let analyzeDue = false;
  let stopping = false;

  const build = async (apiId: string, typeId: string, wish: FilterIndexWish, name: string) => {
    const started = performance.now();
    const built = await db.connection().execute((conn) => buildOnce(conn, apiId, typeId, wish, name, options));
    if (built === "created") {
      analyzeDue = true;
      log.info(`list index ${name} (${wish.kind} of ${wish.field}, project ${apiId}) built in ${(performance.now() - started).toFixed(0)} ms`);
    }
    if (built === "created" || built === "exists") asked.set(name, "built");
  };
  // The planner knows how common an indexed text is only once the table is analyzed (until then it
  // guesses that any LIKE matches 0.5% of entries): once, after the builds in a row.
  const analyzeWhenDone = async () => {
    if (--pending > 0 || !analyzeDue) return;
    analyzeDue = false;
    await sql`${BACKGROUND_MARK} analyze project_entries`.execute(db);
  };
  // A referenced timer: while the server closes, Node must not exit with a build still queued.
  const later = () => (stopping ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, options.delayMs)));

  return {
    /** Notes what the list's filter needs; builds what is missing after the request. */
    want(apiId: string, table: TablePlan, filter: Filter) {
      const now = performance.now();
      for (const wish of filterIndexWishes(filter, table)) {
        const name = filterIndexName(apiId, table.type.id, wish);
        const last = asked.get(name);
        if (last === "built" || (last !== undefined && now - last < options.retryMs)) continue;
        asked.set(name, now);
        pending++;
        queue = queue
          .then(later)
          .then(() => (stopping ? undefined : build(apiId, table.type.id, wish, name)))
          .catch((error: unknown) => log.error(`building list index ${name} failed`, error))
          .then(analyzeWhenDone)
          .catch((error: unknown) => log.error("analyzing after building list indexes failed", error));
      }
    },
    /** Resolves when every index asked for so far is built or given up (tests, the bench). */
    idle: () => queue,
    /** Builds nothing more; resolves when a build in hand has ended (cut off, it would be left invalid). */
    stop() {
      stopping = true;
      return queue;
    },
  };
}

export type FilterIndexes = ReturnType<typeof createFilterIndexes>;

type Outcome = "created" | "exists" | "not now";

/** The advisory lock a server holds while it builds the index: a bigint of the name's hash. */
export const buildLock = (name: string) => BigInt.asIntN(64, BigInt(`0x${createHash("sha256").update(name).digest("hex").slice(0, 16)}`)).toString();

async function buildOnce(conn: Kysely<Tables>, apiId: string, typeId: string, wish: FilterIndexWish, name: string, options: FilterIndexOptions): Promise<Outcome> {
  const lock = buildLock(name);
  const { rows } = await sql<{ locked: boolean }>`${BACKGROUND_MARK} select pg_try_advisory_lock(${lock}::bigint) as locked`.execute(conn);
  if (!rows[0]?.locked) return "not now";
  try {
    const state = await indexState(conn, name);
    if (state === "valid") return "exists";
    if (state === "invalid") await sql`${BACKGROUND_MARK} drop index concurrently if exists ${sql.id(name)}`.execute(conn);
    if (!(await holdsAtLeast(conn, apiId, typeId, options.minEntries))) return "not now";
    if ((await listIndexCount(conn, apiId, typeId)) >= options.maxPerTable) return "not now";
    if (wish.kind === "text" && !(await trigramsReady(conn))) return "not now";
    if (wish.kind !== "value") await textStatistics(conn, wish.field);
    await sql`${BACKGROUND_MARK} create index concurrently if not exists ${sql.id(name)} on project_entries ${indexed(wish)} where api_id = ${sql.lit(apiId)} and type_id = ${sql.lit(typeId)}`.execute(conn);
    return "created";
  } finally {
    await sql`${BACKGROUND_MARK} select pg_advisory_unlock(${lock}::bigint)`.execute(conn);
  }
}

/** What each kind indexes: the expressions ./filters.ts writes its conditions over. */
function indexed(wish: FilterIndexWish) {
  switch (wish.kind) {
    case "value":
      return sql`((${valueExpression(wish.field)}), id)`;
    case "prefix":
      return sql`((${textExpression(wish.field)}) text_pattern_ops)`;
    case "text":
      return sql`using gin ((${textExpression(wish.field)}) gin_trgm_ops)`;
  }
}

async function indexState(conn: Kysely<Tables>, name: string): Promise<"valid" | "invalid" | null> {
  const { rows } = await sql<{ valid: boolean }>`${BACKGROUND_MARK} select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid where c.relname = ${name}`.execute(conn);
  return rows.length === 0 ? null : rows[0].valid ? "valid" : "invalid";
}

/** Whether the table has at least `count` entries, reading no more than that many. */
async function holdsAtLeast(conn: Kysely<Tables>, apiId: string, typeId: string, count: number) {
  const { rows } = await sql<{ n: number }>`${BACKGROUND_MARK} select count(*)::int as n from (select 1 from project_entries where api_id = ${apiId} and type_id = ${typeId} limit ${count}) as first_entries`.execute(conn);
  return (rows[0]?.n ?? 0) >= count;
}

/** The table's list indexes (sort-by and filter ones; unique ones are the model's own). */
async function listIndexCount(conn: Kysely<Tables>, apiId: string, typeId: string) {
  const names = await projectIndexNames(conn, apiId, typeId, BACKGROUND_MARK);
  return names.filter((name) => !name.startsWith(`pe_uniq_`)).length;
}

/**
 * pg_trgm comes with PGlite and PostgreSQL's contrib, and is a trusted extension (PostgreSQL 13+):
 * the database's owner may create it. Without it, contains filters read the table.
 */
async function trigramsReady(conn: Kysely<Tables>) {
  try {
    await sql`${BACKGROUND_MARK} create extension if not exists pg_trgm`.execute(conn);
  } catch {
    // Not installed, not allowed, or created by another server meanwhile: the catalog says which.
  }
  const { rows } = await sql<{ found: boolean }>`${BACKGROUND_MARK} select exists (select 1 from pg_extension where extname = 'pg_trgm') as found`.execute(conn);
  return rows[0]?.found === true;
}

/**
 * How common each text of the field is, over the whole table (the planner ignores a partial
 * index's own statistics): without them it guessed that `contains "blue"` matches 0.8% of
 * entries where an eighth did, and read them all through the trigram index and sorted them,
 * 6 ms against 1 ms for walking the sort order's index. One object per field name, as for values
 * (./indexes.ts); the analyze after the builds fills it.
 */
async function textStatistics(conn: Kysely<Tables>, field: string) {
  try {
    await sql`${BACKGROUND_MARK} create statistics if not exists ${sql.id(statisticsName("text", field))} on (${textExpression(field)}) from project_entries`.execute(conn);
  } catch (error) {
    // Another server created it meanwhile (the name is unique): it is there.
    if (!["23505", "42710"].includes((error as { code?: string }).code ?? "")) throw error;
  }
}
