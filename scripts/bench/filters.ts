// Every filter fast: 10,000 Items loaded through the API (batchCreate of 100), then
// p50 of a list of 100 for each filter operator and sort (sort field ASC and DESC, updatedAt
// DESC), through /p/<apiId>/graphql of an in-process platform. PGlite by default (a directory
// on disk); PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL (scripts/with-postgres.sh).
// Run alone: `npx tsx scripts/bench/filters.ts` (BENCH_ROWS, BENCH_PORT), or `npm run bench -- --only=filters`
// (PGlite, then PostgreSQL under scripts/with-postgres.sh).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readConfig } from "../../server/config";
import { createPlatform } from "../../server/app";
import { setLiveVersion } from "../../server/projectEndpoint/live";
import { addEnum, addField, initialModel, renameObjectType, updateEnum, type FieldPatch, type SchemaModel } from "../../src/domain/model";
import { createDatabase } from "../../tests/server/harness";
import { sql } from "kysely";
import { analyzeTable } from "../../server/db/autoAnalyze";
import type { Db } from "../../server/db/database";
import { compileFilter } from "../../server/projectEndpoint/entries/filters";
import { pageQuery, type ListQuery, type Sort } from "../../server/projectEndpoint/entries/store";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const COLORS = ["red", "blue", "green", "amber", "violet", "teal", "black", "white"];

function itemModel(): SchemaModel {
  const initial = initialModel();
  let model = renameObjectType(initial, initial.objectTypes[0].id, "Item");
  const typeId = model.objectTypes[0].id;
  const kind = addEnum(model);
  model = updateEnum(kind.model, kind.id, { name: "Kind", values: [{ name: "SMALL" }, { name: "MEDIUM" }, { name: "LARGE" }] });
  const fields: FieldPatch[] = [
    { name: "label", type: "String", directives: [] },
    { name: "flag", type: "Boolean", directives: [] },
    { name: "kind", type: "Enum", directives: [], typeId: kind.id },
    { name: "count", type: "Integer", directives: [{ name: "sortBy" }] },
    { name: "note", type: "String", directives: [] },
  ];
  for (const patch of fields) model = addField(model, typeId, patch).model;
  return model;
}

const item = (n: number) => ({
  label: `${COLORS[n % COLORS.length]} item ${n}`,
  flag: n % 2 === 0,
  kind: ["SMALL", "MEDIUM", "LARGE"][n % 3],
  count: (n * 7919) % ROWS,
  ...(n % 3 === 0 ? { note: `note ${n}` } : {}),
});

type Filter = Record<string, unknown>;
/** The filters measured. */
const FILTERS: [string, Filter | null][] = [
  ["none", null],
  ["flag eq false (Boolean)", { flag: { eq: false } }],
  ["flag ne true (Boolean)", { flag: { ne: true } }],
  ["label eq (String, 1 row)", { label: { eq: "blue item 4001" } }],
  ["kind eq (Enum, 1/3)", { kind: { eq: "MEDIUM" } }],
  ["count eq (Int, 1 row)", { count: { eq: 500 } }],
  ["count ge/le (Int range, 1%)", { count: { ge: Math.floor(ROWS / 2), le: Math.floor(ROWS / 2) + ROWS / 100 } }],
  ["label beginsWith (String)", { label: { beginsWith: "teal item 1" } }],
  ["label contains blue (1/8)", { label: { contains: "blue" } }],
  ["label contains rare", { label: { contains: "item 4242" } }],
  ["note attributeExists false", { note: { attributeExists: false } }],
  ["flag eq false and label contains", { and: [{ flag: { eq: false } }, { label: { contains: "blue" } }] }],
  ["label eq or count eq", { or: [{ label: { eq: "red item 8" } }, { count: { eq: 77 } }] }],
];
/** A filter as a GraphQL literal: keys bare, values as JSON. */
const literal = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(literal).join(", ")}]`
    : value && typeof value === "object"
      ? `{ ${Object.entries(value).map(([key, inner]) => `${key}: ${literal(inner)}`).join(", ")} }`
      : JSON.stringify(value);
const SORTS: [string, string, Sort][] = [
  ["count ASC", "sortBy: count, sortOrder: ASC", { field: "count", order: "ASC" }],
  ["count DESC", "sortBy: count, sortOrder: DESC", { field: "count", order: "DESC" }],
  ["updatedAt DESC", "", { field: "updatedAt", order: "DESC" }],
];

/** The page statement's own execution time in the database (EXPLAIN ANALYZE), p50, and its plan's first scan. */
async function databaseTime(db: Db, model: SchemaModel, apiId: string, filter: Filter | null, sort: Sort) {
  const type = model.objectTypes[0];
  const query: ListQuery = {
    apiId,
    typeId: type.id,
    limit: 100,
    sort,
    filter: filter ? compileFilter(filter, new Map(type.fields.map((field) => [field.name, field]))) : null,
  };
  const times: number[] = [];
  let scan = "";
  for (let run = 0; run < 7; run++) {
    const { rows } = await sql<{ "QUERY PLAN": unknown }>`explain (analyze, format json) ${pageQuery(query, sql`true`)}`.execute(db);
    const raw = Object.values(rows[0])[0];
    const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as { "Execution Time": number; Plan: object }[];
    times.push(plan["Execution Time"]);
    scan = firstScan(plan.Plan);
  }
  times.sort((a, b) => a - b);
  return `${times[3].toFixed(2)} ${scan}`;
}

function firstScan(node: any): string {
  if (/Scan/.test(node["Node Type"])) return node["Index Name"] ? `${node["Node Type"].replace(" Scan", "")} ${node["Index Name"].slice(0, 7)}` : node["Node Type"];
  for (const child of node.Plans ?? []) {
    const found = firstScan(child);
    if (found) return found;
  }
  return "";
}

/** On PGlite (on disk), or on PostgreSQL when `adminUrl` is given (a database made there and dropped). */
export async function benchFilters(adminUrl?: string) {
  const database = adminUrl ? await createDatabase(adminUrl) : null;
  const dataDir = mkdtempSync(join(tmpdir(), "baukasten-filters-"));
  const port = Number(process.env.BENCH_PORT ?? 4560);
  const platform = await createPlatform(
    readConfig({ ...process.env, PORT: String(port), LOG_LEVEL: "silent", SECRET_KEY: "bench-secret-key-0123456789abcdef", DATA_DIR: database ? "memory://" : dataDir, DATABASE_URL: database?.url ?? "" }),
  );
  const label = database ? "PostgreSQL" : "PGlite";
  try {
    await platform.listen();
    const { db } = platform;
    const apiId = "api_bench_filters";
    const model = itemModel();
    await db.insertInto("orgs").values({ id: "org_bench", name: "Bench" }).execute();
    await db.insertInto("apis").values({ id: apiId, org_id: "org_bench", name: "Filters", region: "eu-central-1", state: "PUBLISHED" }).execute();
    await db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v1`, version: 1, model }));
    const key = (await platform.apiKeys.insertKey(db, apiId)).key;
    const call = async (query: string, variables: object = {}) => {
      const response = await fetch(`http://127.0.0.1:${port}/p/${apiId}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: any; errors?: unknown[] };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    };
    const loadStarted = performance.now();
    for (let from = 0; from < ROWS; from += 100) {
      const input = Array.from({ length: Math.min(100, ROWS - from) }, (_, index) => item(from + index));
      await call(`mutation ($input: [CreateItemInput!]!) { batchCreateItem(input: $input) { id } }`, { input });
    }
    console.log(`${label}: ${ROWS.toLocaleString("en")} Items loaded through batchCreate in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    // As the embedded database's auto-analyze (or PostgreSQL's autovacuum) would have by now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // PostgreSQL's autovacuum analyzes within its naptime (a minute by default): done here at once.
    if (adminUrl) await analyzeTable(db, "project_entries");
    const listQuery = (filter: Filter | null, sort: string) => {
      const args = [filter && `filter: ${literal(filter)}`, sort, "limit: 100"].filter(Boolean).join(", ");
      return `{ listItem(${args}) { items { id label flag kind count } nextToken } }`;
    };
    // Each filter's first list reads the table and asks for the indexes it lacks (filterIndexes.ts).
    const firstLists = new Map<string, string>();
    for (const [name, filter] of FILTERS) {
      const started = performance.now();
      await call(listQuery(filter, SORTS[0][1]));
      firstLists.set(name, (performance.now() - started).toFixed(1));
    }
    const buildStarted = performance.now();
    await platform.filterIndexes.idle();
    const { rows: built } = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'project_entries' and indexname similar to 'pe\\_(prefix|text|sort)\\_%' and indexdef like ${`%'${apiId}'%`}`.execute(db);
    console.log(`${label}: after the first lists, ${built.length} list indexes (the sort-by field's included), built within ${((performance.now() - buildStarted) / 1000).toFixed(2)} s more`);
    console.log(`| ${label}, p50 ms, list 100 | first list, ${SORTS[0][0]} | ${SORTS.map(([name]) => name).join(" | ")} |`);
    console.log(`|---|---|${SORTS.map(() => "---").join("|")}|`);
    const database: string[] = [];
    for (const [name, filter] of FILTERS) {
      const cells: string[] = [firstLists.get(name)!];
      const inDatabase: string[] = [];
      for (const [, sort, sorted] of SORTS) {
        inDatabase.push(await databaseTime(db, model, apiId, filter, sorted));
        const query = listQuery(filter, sort);
        await call(query);
        const times: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const started = performance.now();
          await call(query);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        cells.push(times[Math.floor(times.length / 2)].toFixed(1));
      }
      console.log(`| ${name} | ${cells.join(" | ")} |`);
      database.push(`| ${name} | ${inDatabase.join(" | ")} |`);
    }
    console.log(`\n| ${label}, the page's SQL in the database (EXPLAIN ANALYZE p50 ms, first scan) | ${SORTS.map(([name]) => name).join(" | ")} |`);
    console.log(`|---|${SORTS.map(() => "---").join("|")}|`);
    console.log(database.join("\n"));
  } finally {
    await platform.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchFilters(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
