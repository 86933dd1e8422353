import type { PGlite } from "@electric-sql/pglite";
import { TEMPLATES } from "../../server/templates/catalog";
import { refuseInPostgresFreeFile } from "./postgresFreeGuard";

/**
 * A test platform's database is reset and handed to the next platform of the same worker:
 * opening PGlite from the migrated dump, or creating a PostgreSQL database from the template,
 * cost each platform more CPU than most of its tests. A reset empties every table, drops what
 * publishing added (indexes, statistics), forgets the planner's statistics, and then lists the
 * database's objects again: one that differs from the template in any way is closed or dropped,
 * not reused, so a reset can cost speed but never carry one test's state into another.
 */

/** Runs one statement and returns its rows. */
export type Run = (statement: string) => Promise<Record<string, unknown>[]>;

/** Idle databases each worker keeps: tests start one platform at a time, a few start two or three. */
export const IDLE_DATABASES = 2;

/**
 * Every object a test could leave behind, one line each (kind, then the quoted name), with each
 * sequence's position: relations, statistics, schemas, functions, triggers, types, extensions.
 */
const OBJECTS = `
  select object from (
    select 'relation ' || c.relkind::text || ' ' || c.oid::regclass::text as object from pg_class as c
      join pg_namespace as n on n.oid = c.relnamespace
      where n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
    union all select 'statistics ' || quote_ident(stxnamespace::regnamespace::text) || '.' || quote_ident(stxname) from pg_statistic_ext
    union all select 'schema ' || nspname from pg_namespace
    union all select 'function ' || oid::regprocedure::text from pg_proc where pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all select 'trigger ' || tgrelid::regclass::text || ' ' || tgname from pg_trigger where not tgisinternal
    union all select 'type ' || oid::regtype::text from pg_type where typtype in ('d', 'e', 'm', 'r') and typnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all select 'extension ' || extname from pg_extension
    union all select 'sequence ' || quote_ident(schemaname) || '.' || quote_ident(sequencename) || ' at ' || coalesce(last_value::text, 'start') from pg_sequences
  ) as objects order by object`;

/** The indexes and statistics, named as OBJECTS names them: what publishing adds. */
const INDEXES_AND_STATISTICS = `
  select 'relation i ' || c.oid::regclass::text as object from pg_class as c
    where c.relkind = 'i' and c.relnamespace = 'public'::regnamespace
  union all select 'statistics ' || quote_ident(stxnamespace::regnamespace::text) || '.' || quote_ident(stxname) from pg_statistic_ext`;

/**
 * The tables the platform writes, but the migrator's own and the template catalog's, which every
 * platform seeds at its start and corrects where a test changed it (server/templates/seed.ts).
 */
const TABLES = `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename not like 'kysely\\_migration%' and tablename <> 'schema_templates'`;

/** What a fresh database has: its objects, and the rows migrations wrote (by table, as JSON). */
export type TemplateState = { objects: string[]; rows: Map<string, string> };

async function objectsOf(run: Run): Promise<string[]> {
  return (await run(OBJECTS)).map((row) => String(row.object));
}

/** The state of a fresh database, to reset used ones to. */
export async function templateStateOf(run: Run): Promise<TemplateState> {
  const rows = new Map<string, string>();
  for (const { name } of await run(TABLES)) {
    const [{ json }] = await run(`select json_agg(row)::text as json from ${String(name)} as row`);
    if (json) rows.set(String(name), String(json));
  }
  return { objects: await objectsOf(run), rows };
}

/** Puts a used database back into the template's state; true when it then has exactly the template's objects. */
export async function resetToTemplate(run: Run, template: TemplateState): Promise<boolean> {
  const expected = new Set(template.objects);
  // What publishing adds to project_entries; anything else left over fails the comparison below.
  for (const { object } of await run(INDEXES_AND_STATISTICS)) {
    if (expected.has(String(object))) continue;
    const index = /^relation i (.+)$/.exec(String(object))?.[1];
    const statistics = /^statistics (.+)$/.exec(String(object))?.[1];
    if (index) await run(`drop index ${index}`);
    else if (statistics) await run(`drop statistics ${statistics}`);
  }
  // Only the tables with rows: truncating one gives it new files, which costs more than asking.
  const tables = (await run(TABLES)).map((row) => String(row.name));
  const written = tables.length === 0 ? [] : await run(tables.map((table) => `select '${table}' as name where exists (select from ${table})`).join(" union all "));
  const emptied = written.map((row) => String(row.name)).filter((table) => !template.rows.has(table));
  if (emptied.length > 0) await run(`truncate table ${emptied.join(", ")} restart identity cascade`);
  // The few rows migrations wrote (a default cloud account), as they were.
  for (const [table, json] of template.rows) {
    await run(`delete from ${table}`);
    await run(`insert into ${table} select * from json_populate_recordset(null::${table}, $rows$${json}$rows$)`);
  }
  // A table emptied by the test itself may have left its sequence further on.
  for (const row of await run(`select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences where last_value is not null`)) {
    await run(`alter sequence ${String(row.name)} restart`);
  }
  await run(`delete from schema_templates where key <> all(array[${TEMPLATES.map((template) => `'${template.key}'`).join(", ")}]::text[])`);
  // The planner's statistics and the activity counters (server/db/autoAnalyze.ts reads them), as
  // a fresh database has none: plans that tests EXPLAIN must not depend on an earlier test's rows.
  await run(`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`);
  // Counters a backend has not yet flushed (it does so at most once a second) would arrive after
  // the reset: the next platform's tables would start with another's writes counted.
  await run(`select pg_stat_force_next_flush()`);
  await run(`select pg_stat_reset()`);
  const now = await objectsOf(run);
  return now.length === template.objects.length && now.every((object, index) => object === template.objects[index]);
}

let pgliteTemplate: Promise<TemplateState> | undefined;
const idlePglites: PGlite[] = [];

const runOn =
  (pglite: PGlite): Run =>
  async (statement) =>
    (await pglite.query<Record<string, unknown>>(statement)).rows;

/**
 * An in-memory PGlite at the migrated template's state: a reset one of this worker's, or a new
 * one opened from the dump (`open`).
 */
export async function leasePglite(open: () => Promise<PGlite>): Promise<PGlite> {
  refuseInPostgresFreeFile();
  const idle = idlePglites.pop();
  if (idle) return idle;
  const pglite = await open();
  // The first new database shows what every reset one must have; it is listed before any use.
  pgliteTemplate ??= templateStateOf(runOn(pglite));
  await pgliteTemplate;
  return pglite;
}

/** Takes a leased PGlite back: reset for the next platform, or closed. */
export async function releasePglite(pglite: PGlite): Promise<void> {
  // Handed back twice, it would be leased to two platforms at once.
  if (idlePglites.includes(pglite)) return;
  try {
    if (idlePglites.length < IDLE_DATABASES && pgliteTemplate && !pglite.closed) {
      // The session as new: no transaction left open, no prepared statement, listener or setting.
      await pglite.exec("rollback");
      await pglite.exec("discard all");
      if (await resetToTemplate(runOn(pglite), await pgliteTemplate)) {
        idlePglites.push(pglite);
        return;
      }
    }
  } catch {
    // Not reusable; closed below like any other.
  }
  if (!pglite.closed) await pglite.close();
}
