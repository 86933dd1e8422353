// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { addEnum, addField, initialModel, renameObjectType, updateEnum, type FieldPatch, type SchemaModel } from "../../../src/domain/model";
import { compileFilter, type Filter } from "../../../server/projectEndpoint/entries/filters";
import { indexName } from "../../../server/projectEndpoint/entries/indexes";
import { buildLock, createFilterIndexes, filterIndexName, filterIndexWishes, type FilterIndexWish } from "../../../server/projectEndpoint/entries/filterIndexes";
import { planModel } from "../../../server/projectEndpoint/schema/plan";
import { pageQuery, type Sort } from "../../../server/projectEndpoint/entries/store";
import { analyzeTable } from "../../../server/db/autoAnalyze";
import { liveProject, type LiveProject } from "./fixture";

/**
 * Every filter fast: on a few thousand entries the plan of each operator's list reads an index
 * of ./indexes.ts where one pays, never the whole table, and a filter most entries match walks
 * the sort order's index instead of sorting every match. Plans, not timings: a regression in
 * how a filter is written (an expression no index covers) or in the statistics shows here.
 */
const ROWS = 3000;

function itemModel(): SchemaModel {
  const initial = initialModel();
  let model = renameObjectType(initial, initial.objectTypes[0].id, "Item");
  const typeId = model.objectTypes[0].id;
  const kind = addEnum(model);
  model = updateEnum(kind.model, kind.id, { name: "Kind", values: [{ name: "COMMON" }, { name: "RARE" }] });
  const fields: FieldPatch[] = [
    { name: "label", type: "String", directives: [] },
    { name: "flag", type: "Boolean", directives: [] },
    { name: "kind", type: "Enum", directives: [], typeId: kind.id },
    { name: "count", type: "Integer", directives: [{ name: "sortBy" }] },
    { name: "note", type: "String", directives: [] },
    { name: "shelf", type: "String", directives: [] },
    { name: "code", type: "String", directives: [] },
  ];
  for (const patch of fields) model = addField(model, typeId, patch).model;
  return model;
}

let p: LiveProject;
let model: SchemaModel;
beforeAll(async () => {
  model = itemModel();
  p = await liveProject(model);
  const typeId = model.objectTypes[0].id;
  const db = p.t.platform.db;
  // Written by SQL: loading thousands through the API would only slow the test; the plans are the same.
  await sql`insert into project_entries (api_id, type_id, id, data)
    select ${p.apiId}, ${typeId}, 'e' || g, jsonb_build_object('label', 'item ' || g, 'flag', g % 100 = 0, 'kind', case when g % 100 = 1 then 'RARE' else 'COMMON' end, 'count', g, 'shelf', 's' || g % 10, 'code', 'c' || g)
      || case when g % 100 = 2 then jsonb_build_object('note', 'note ' || g) else '{}'::jsonb end
    from generate_series(1, ${ROWS}) g`.execute(db);
  // Every project's entries share one table: another project's, three times as many and with the
  // same field names, as on any server with more than one project. The planner must know that a
  // table id belongs to one project, or it multiplies both ids' shares and expects a quarter of
  // the real rows (a hundredth beside a hundred times as many).
  const other = `${p.apiId}_other`;
  await sql`insert into apis (id, org_id, name, region, state) select ${other}, org_id, 'Other', region, state from apis where id = ${p.apiId}`.execute(db);
  await sql`insert into project_entries (api_id, type_id, id, data)
    select ${other}, 'other', 'o' || g, jsonb_build_object('label', 'other ' || g, 'flag', false, 'kind', 'COMMON', 'count', g, 'shelf', 's' || g % 10)
    from generate_series(1, ${ROWS * 3}) g`.execute(db);
  // As the embedded database's auto-analyze and PostgreSQL's autovacuum do after a large write.
  await analyzeTable(db, "project_entries");
}, 120_000);
afterAll(async () => {
  await p?.t.close();
});

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

async function planOf(filter: Filter, sort: Sort) {
  const type = model.objectTypes[0];
  const query = { apiId: p.apiId, typeId: type.id, limit: 100, sort, filter: compileFilter(filter, new Map(type.fields.map((field) => [field.name, field]))) };
  const { rows } = await sql<Record<string, unknown>>`explain (format json) ${pageQuery(query, sql`true`)}`.execute(p.t.platform.db);
  const raw = Object.values(rows[0])[0];
  const [{ Plan }] = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodes(Plan);
}

const index = (field: string) => indexName("sort", p.apiId, model.objectTypes[0].id, field);
const BY_COUNT: Sort = { field: "count", order: "ASC" };
const BY_COUNT_DESC: Sort = { field: "count", order: "DESC" };
const NEWEST: Sort = { field: "updatedAt", order: "DESC" };

/** Operator and filter, whether its plan must read the filtered field's index (a sort-by field has one), and how many entries match. */
const CASES: { name: string; filter: Filter; indexed: boolean; matches: number }[] = [
  { name: "eq on an Int", filter: { count: { eq: 77 } }, indexed: true, matches: 1 },
  { name: "a range on an Int", filter: { count: { ge: 1000, lt: 1020 } }, indexed: true, matches: 20 },
  { name: "eq on a String", filter: { label: { eq: "item 1234" } }, indexed: false, matches: 1 },
  { name: "eq on a Boolean few have", filter: { flag: { eq: true } }, indexed: false, matches: ROWS / 100 },
  { name: "eq on an Enum", filter: { kind: { eq: "RARE" } }, indexed: false, matches: ROWS / 100 },
  { name: "beginsWith", filter: { label: { beginsWith: "item 123" } }, indexed: false, matches: 11 },
  { name: "contains", filter: { label: { contains: "em 2345" } }, indexed: false, matches: 1 },
  { name: "contains with LIKE's wildcards, taken literally", filter: { label: { contains: "%_" } }, indexed: false, matches: 0 },
  { name: "attributeExists true", filter: { note: { attributeExists: true } }, indexed: false, matches: ROWS / 100 },
  { name: "and", filter: { and: [{ kind: { eq: "RARE" } }, { label: { contains: "item 1" } }] }, indexed: false, matches: 12 },
  { name: "or", filter: { or: [{ label: { eq: "item 5" } }, { count: { eq: 6 } }] }, indexed: false, matches: 2 },
];

describe("each filter operator's list: a sort-by field's index serves its filters (EXPLAIN), every filter answers right", () => {
  for (const { name, filter, indexed, matches } of CASES) {
    it(`${name}: ${indexed ? "the field's index, in either sort order" : "the right entries"}`, async () => {
      for (const sort of indexed ? [BY_COUNT, BY_COUNT_DESC, NEWEST] : []) {
        const plan = await planOf(filter, sort);
        const read = plan.flatMap((node) => (node["Index Name"] ? [node["Index Name"]] : []));
        expect(plan.map((node) => node["Node Type"]), `${name}, ${sort.field} ${sort.order}`).not.toContain("Seq Scan");
        expect(read, `${name}, ${sort.field} ${sort.order}`).toContain(index("count"));
      }
      // And the list answers what the filter asks, through the API.
      const result = await p.call(`query ($filter: ItemFilterInput) { listItem(filter: $filter, limit: 1000) { items { id } } }`, { filter });
      expect(result.errors).toBeUndefined();
      expect(result.data.listItem.items).toHaveLength(matches);
    });
  }

  it("a filter a tenth or more of the entries match walks the sort order's index and sorts nothing", async () => {
    for (const filter of [{ flag: { eq: false } }, { kind: { eq: "COMMON" } }, { note: { attributeExists: false } }, { shelf: { eq: "s3" } }] as Filter[]) {
      for (const sort of [BY_COUNT, BY_COUNT_DESC]) {
        const plan = await planOf(filter, sort);
        const types = plan.map((node) => node["Node Type"]);
        expect(types, JSON.stringify(filter)).not.toContain("Sort");
        expect(plan.some((node) => node["Index Name"] === index("count")), JSON.stringify(filter)).toBe(true);
      }
    }
  });

  // The console's pager shows this estimate, and the planner chooses by it: guessed too low
  // (without migration 0026's statistics), a list filtered to a tenth of a wide table read and
  // sorted the whole table. A field only this table has is still guessed from its share of the
  // whole relation (docs/DECISIONS.md): per-field joint statistics made every analyze, and so
  // bulk writes, twice as slow.
  it("estimates a list near its real size beside another project's entries (the pager's estimatedCount)", async () => {
    const sizes: [Filter, number][] = [[{}, ROWS], [{ kind: { eq: "COMMON" } }, ROWS - ROWS / 100]];
    for (const [filter, matches] of sizes) {
      const result = await p.call(`query ($filter: String) { listTypes(ofType: "Item", filter: $filter, first: 1) { estimatedCount } }`, { filter: JSON.stringify(filter) });
      expect(result.errors).toBeUndefined();
      const estimate = result.data.listTypes.estimatedCount;
      expect(estimate, `${JSON.stringify(filter)}: ${estimate} for ${matches}`).toBeGreaterThan(matches / 2);
      expect(estimate, `${JSON.stringify(filter)}: ${estimate} for ${matches}`).toBeLessThan(matches * 2);
    }
  });
});

/**
 * Indexes where they pay: a field nobody filters on has no index (each one costs every write), and
 * one a list filters on gets the index its operator needs, built after the list that asked.
 */
describe("a filtered field's index, built when a list filters on it", () => {
  const typeId = () => model.objectTypes[0].id;
  const indexOf = (wish: FilterIndexWish) => filterIndexName(p.apiId, typeId(), wish);
  const reads = async (filter: Filter, sort: Sort) => (await planOf(filter, sort)).flatMap((node) => (node["Index Name"] ? [node["Index Name"]] : []));
  const exists = async (name: string) => (await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = ${name}`.execute(p.t.platform.db)).rows[0].n === 1;

  const ON_DEMAND: { name: string; filter: Filter; wish: FilterIndexWish; matches: number }[] = [
    { name: "eq on a String", filter: { code: { eq: "c1234" } }, wish: { field: "code", kind: "value" }, matches: 1 },
    { name: "beginsWith", filter: { code: { beginsWith: "c123" } }, wish: { field: "code", kind: "prefix" }, matches: 11 },
    { name: "contains", filter: { code: { contains: "2345" } }, wish: { field: "code", kind: "text" }, matches: 1 },
  ];
  for (const { name, filter, wish, matches } of ON_DEMAND) {
    it(`${name}: the first list reads the table and answers; the next reads the ${wish.kind} index built meanwhile`, async () => {
      expect(await exists(indexOf(wish))).toBe(false);
      expect(await reads(filter, NEWEST)).not.toContain(indexOf(wish));
      const query = `query ($filter: ItemFilterInput) { listItem(filter: $filter, limit: 1000) { items { code } } }`;
      const first = await p.call(query, { filter });
      expect(first.errors).toBeUndefined();
      expect(first.data.listItem.items).toHaveLength(matches);
      await p.t.platform.filterIndexes.idle();
      for (const sort of [NEWEST, BY_COUNT]) expect(await reads(filter, sort), `${name}, ${sort.field} ${sort.order}`).toContain(indexOf(wish));
      // The index answers as the table did.
      const next = await p.call(query, { filter });
      expect(next.data.listItem.items).toEqual(first.data.listItem.items);
    });
  }

  // Built with its index: the field's text statistics (the planner ignores a partial index's own).
  it("contains a text every entry has: walks the sort order's index and sorts nothing, beside the trigram index", async () => {
    // The lists of the operators above asked for label's trigram index.
    await p.t.platform.filterIndexes.idle();
    expect(await exists(indexOf({ field: "label", kind: "text" }))).toBe(true);
    for (const sort of [BY_COUNT, BY_COUNT_DESC]) {
      const plan = await planOf({ label: { contains: "item " } }, sort);
      expect(plan.map((node) => node["Node Type"])).not.toContain("Sort");
      expect(plan.some((node) => node["Index Name"] === index("count"))).toBe(true);
    }
  });

  it("wishes no index for what most entries match: ne, notContains, anything under not, a list field", () => {
    const table = planModel(model).tables[0];
    expect(filterIndexWishes({ shelf: { ne: "s1", notContains: "x" }, not: { shelf: { eq: "s2" } } }, table)).toEqual([]);
    expect(filterIndexWishes({ or: [{ shelf: { eq: "s2" } }, { and: [{ shelf: { contains: "1", beginsWith: "s" } }] }] }, table)).toEqual([
      { field: "shelf", kind: "value" },
      { field: "shelf", kind: "text" },
      { field: "shelf", kind: "prefix" },
    ]);
  });

  it("builds none for a table smaller than it pays for, nor beyond the table's share of indexes (each costs every write)", async () => {
    const table = planModel(model).tables[0];
    const wish: FilterIndexWish = { field: "shelf", kind: "prefix" };
    const small = createFilterIndexes(p.t.platform.db, { minEntries: ROWS + 1, maxPerTable: 100, delayMs: 0, retryMs: 0 });
    small.want(p.apiId, table, { shelf: { beginsWith: "s1" } });
    await small.idle();
    expect(await exists(indexOf(wish))).toBe(false);
    // Filtering on field after field is a way to slow the project's writes: the table's share bounds it.
    const full = createFilterIndexes(p.t.platform.db, { minEntries: 1, maxPerTable: 1, delayMs: 0, retryMs: 0 });
    full.want(p.apiId, table, { shelf: { beginsWith: "s1" } });
    await full.idle();
    expect(await exists(indexOf(wish))).toBe(false);
    const room = createFilterIndexes(p.t.platform.db, { minEntries: 1, maxPerTable: 100, delayMs: 0, retryMs: 0 });
    room.want(p.apiId, table, { shelf: { beginsWith: "s1" } });
    await room.idle();
    expect(await exists(indexOf(wish))).toBe(true);
  });
  it("builds nothing once stopped (a server closing waits only for a build in hand)", async () => {
    const table = planModel(model).tables[0];
    const stopped = createFilterIndexes(p.t.platform.db, { minEntries: 1, maxPerTable: 100, delayMs: 60_000, retryMs: 0 });
    stopped.want(p.apiId, table, { note: { beginsWith: "n" } });
    // Queued behind a minute's delay: stopping skips the wait and the build.
    await stopped.stop();
    expect(await exists(indexOf({ field: "note", kind: "prefix" }))).toBe(false);
  });

  // Several servers on one PostgreSQL: the one holding the index's advisory lock builds it, the others leave it.
  it.skipIf(!process.env.TEST_DATABASE_URL)("leaves an index another server is building to it", async () => {
    const table = planModel(model).tables[0];
    const wish: FilterIndexWish = { field: "shelf", kind: "value" };
    const name = indexOf(wish);
    const other = createFilterIndexes(p.t.platform.db, { minEntries: 1, maxPerTable: 100, delayMs: 0, retryMs: 0 });
    await p.t.platform.db.connection().execute(async (held) => {
      const lock = buildLock(name);
      await sql`select pg_advisory_lock(${lock}::bigint)`.execute(held);
      other.want(p.apiId, table, { shelf: { eq: "s1" } });
      await other.idle();
      expect(await exists(name)).toBe(false);
      await sql`select pg_advisory_unlock(${lock}::bigint)`.execute(held);
    });
    other.want(p.apiId, table, { shelf: { eq: "s1" } });
    await other.idle();
    expect(await exists(name)).toBe(true);
  });
});
