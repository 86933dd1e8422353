// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { addField, initialModel, renameObjectType, type SchemaModel } from "../../../src/domain/model";
import { compileFilter, type Filter } from "../../../server/projectEndpoint/entries/filters";
import { filterIndexName, type FilterIndexWish } from "../../../server/projectEndpoint/entries/filterIndexes";
import { pageQuery, type ListQuery } from "../../../server/projectEndpoint/entries/store";
import { seededRandom } from "../../support/seededRandom";
import { liveProject, type LiveProject } from "./fixture";

/**
 * An index built for a filter (server/projectEndpoint/entries/filterIndexes.ts) never changes
 * what the filter answers: over generated texts full of LIKE's wildcards, backslashes, case,
 * umlauts and astral characters, every generated filter's page read through the indexes equals
 * the page read with the planner barred from them.
 */
const ROWS = 2_500;
const FILTERS = 200;
const ALPHABET = ["a", "b", "A", "ä", "ß", "%", "_", "\\", " ", "𝄞", "x", "1"];

function wordModel(): SchemaModel {
  const initial = initialModel();
  let model = renameObjectType(initial, initial.objectTypes[0].id, "Word");
  const typeId = model.objectTypes[0].id;
  model = addField(model, typeId, { name: "text", type: "String", directives: [] }).model;
  return addField(model, typeId, { name: "n", type: "Integer", directives: [] }).model;
}

const random = seededRandom(20261129);
const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)];
const word = (max: number) => Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(ALPHABET)).join("");
/** A part of a stored text (a substring, cut at whole characters) or, now and then, any text. */
const partOf = (texts: readonly string[], from: "start" | "anywhere") => {
  if (random() < 0.2) return word(3) || "a";
  const chars = [...pick(texts)];
  const start = from === "start" ? 0 : Math.floor(random() * chars.length);
  return chars.slice(start, start + 1 + Math.floor(random() * 4)).join("") || "a";
};

let p: LiveProject;
let model: SchemaModel;
const texts: string[] = [];
beforeAll(async () => {
  model = wordModel();
  p = await liveProject(model);
  for (let n = 0; n < ROWS; n++) texts.push(word(8));
  const entries = texts.map((text, n) => ({ id: `w${n}`, data: random() < 0.05 ? { n } : { text, n } }));
  await sql`insert into project_entries (api_id, type_id, id, data)
    select ${p.apiId}, ${model.objectTypes[0].id}, entry ->> 'id', entry -> 'data' from jsonb_array_elements(${JSON.stringify(entries)}::jsonb) as entry`.execute(p.t.platform.db);
  await sql`analyze project_entries`.execute(p.t.platform.db);
}, 120_000);
afterAll(async () => {
  await p?.t.close();
});

function generatedFilter(): Filter {
  const one = (): Filter => {
    switch (Math.floor(random() * 4)) {
      case 0:
        return { text: { eq: random() < 0.7 ? pick(texts) : word(4) } };
      case 1:
        return { text: { beginsWith: partOf(texts, "start") } };
      case 2:
        return { text: { contains: partOf(texts, "anywhere") } };
      default:
        return { n: { ge: Math.floor(random() * ROWS), lt: Math.floor(random() * ROWS) } };
    }
  };
  const roll = random();
  return roll < 0.6 ? one() : roll < 0.8 ? { and: [one(), one()] } : { or: [one(), one()] };
}

describe("a filter's answer with the indexes built for it and without them", () => {
  it(`is the same for ${FILTERS} generated filters over ${ROWS.toLocaleString("en")} generated texts`, async () => {
    const db = p.t.platform.db;
    const type = model.objectTypes[0];
    const wishes: FilterIndexWish[] = [
      { field: "text", kind: "value" },
      { field: "text", kind: "prefix" },
      { field: "text", kind: "text" },
      { field: "n", kind: "value" },
    ];
    // Lists that filter as users do ask for the indexes.
    const asked = await p.call(`{ listWord(filter: { text: { eq: "a", beginsWith: "a", contains: "a" }, n: { ge: 1 } }) { items { id } } }`);
    expect(asked.errors).toBeUndefined();
    await p.t.platform.filterIndexes.idle();
    const names = wishes.map((wish) => filterIndexName(p.apiId, type.id, wish));
    const { rows: built } = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname in (${sql.join(names)})`.execute(db);
    expect(built.map((row) => row.indexname).sort()).toEqual([...names].sort());

    const used = new Set<string>();
    for (let run = 0; run < FILTERS; run++) {
      const filter = generatedFilter();
      const query: ListQuery = { apiId: p.apiId, typeId: type.id, limit: ROWS, sort: { field: "updatedAt", order: "DESC" }, filter: compileFilter(filter, new Map(type.fields.map((field) => [field.name, field]))) };
      const page = pageQuery(query, sql`true`);
      const { rows: plan } = await sql<Record<string, unknown>>`explain (format json) ${page}`.execute(db);
      for (const name of names) if (JSON.stringify(plan).includes(name)) used.add(name);
      const withIndexes = (await sql<{ id: string }>`${page}`.execute(db)).rows.map((row) => row.id);
      const withoutIndexes = await db.transaction().execute(async (tx) => {
        await sql`set local enable_indexscan = off`.execute(tx);
        await sql`set local enable_bitmapscan = off`.execute(tx);
        await sql`set local enable_indexonlyscan = off`.execute(tx);
        return (await sql<{ id: string }>`${page}`.execute(tx)).rows.map((row) => row.id);
      });
      expect(withIndexes, JSON.stringify(filter)).toEqual(withoutIndexes);
    }
    // The generated filters did read each index: the comparison covered them all.
    expect([...used].sort()).toEqual([...names].sort());
  }, 120_000);
});
