// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { insertEntries } from "../../../server/projectEndpoint/entries/store";
import { answersBySql, sqlAnswers } from "../../../server/projectEndpoint/compiledLists";
import { generateProjectSchema } from "../../../server/projectEndpoint/schema/schema";
import { addField, addObjectType } from "../../../src/domain/model";
import { libraryModel, liveProject, type LiveProject } from "./fixture";
import { seededRandom } from "../../support/seededRandom";

/*
 * A list of plain fields is answered by one SQL statement that writes the page's JSON,
 * the rest by graphql-js. Both must answer alike to the byte: every query below is asked once as
 * it is and once with `@include(if: true)` on `items`, which sends it through graphql-js, and the
 * answers' JSON texts are compared — values of every scalar kind, aliases, __typename, paging,
 * refusals, and stored values their GraphQL type would write differently (a model changed after
 * the entries were written), which must fall back rather than answer other bytes.
 */
const model = libraryModel();
const authorTypeId = model.objectTypes.find((type) => type.name === "Author")!.id;
let p: LiveProject;

const AUTHOR_FIELDS = "id createdAt updatedAt owner __typename name email age rating active born seen wakes stamp ip phone site ref status";

async function raw(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${p.t.url}/p/${p.apiId}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": p.apiKey },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  // The same errors point at other columns once `@include` is written into the query.
  return { status: response.status, text: text.replace(/"locations":\[[^\]]*\],/g, "") };
}

/**
 * The query's answer by SQL and by graphql-js, which must be the same text; `by` says which
 * path answered the first ask (a refusal or an odd stored value is left to graphql-js).
 */
async function bothWays(query: string, variables: Record<string, unknown> = {}, by: "sql" | "graphql-js" = "sql", schema = schemaOfModel) {
  expect(answersBySql(schema, query)).toBe(true);
  const executed = query.replace(/items\s*{/g, "items @include(if: true) {");
  const before = sqlAnswers.count;
  const bySql = await raw(query, variables);
  expect(sqlAnswers.count - before).toBe(by === "sql" ? 1 : 0);
  const byGraphql = await raw(executed, variables);
  expect(sqlAnswers.count - before).toBe(by === "sql" ? 1 : 0);
  expect(bySql).toEqual(byGraphql);
  return JSON.parse(bySql.text);
}

const schemaOfModel = generateProjectSchema(model).schema;

beforeAll(async () => {
  p = await liveProject(model);
  const authors = [
    { name: 'Ada "Quotes" \\ back\nline\ttab \u0001 ü 😀', email: "ada@example.com", age: 36, rating: 4.5, active: true, born: "1815-12-10", status: "ACTIVE", stamp: 1700000000, ref: "r1", tags: ["a"] },
    { name: "Grace", age: -2147483647, rating: 0.000001, active: false, status: "RETIRED", seen: "2024-05-01T12:00:00.000Z", wakes: "07:30", ip: "10.0.0.1", phone: "+49301234567", site: "https://example.com" },
    { name: "Linus", age: 2147483647, rating: -123456789.125, stamp: 0 },
    { name: "Empty" },
  ];
  // Written through the store, as a CSV import or an older model would leave them.
  await insertEntries(p.t.platform.db, p.apiId, authorTypeId, authors.map((data, index) => ({ data, parentFirst: null, parentSecond: null, owner: index === 1 ? "user-sub-1" : null })));
  const books = await p.call(`mutation { batchCreateBook(input: [{ title: "One", pages: 10 }, { title: "Two", pages: 20 }]) { id } }`);
  expect(books.errors).toBeUndefined();
});
afterAll(async () => {
  await p?.t.close();
});

describe("lists answered by their SQL", () => {
  it("answers every scalar kind as graphql-js does, page after page", async () => {
    let nextToken: string | null = null;
    let seen = 0;
    do {
      const page: any = await bothWays(`query ($next: String) { listAuthor(limit: 3, sortBy: age, sortOrder: ASC, nextToken: $next) { items { ${AUTHOR_FIELDS} } nextToken __typename } }`, { next: nextToken });
      seen += page.data.listAuthor.items.length;
      nextToken = page.data.listAuthor.nextToken;
    } while (nextToken);
    expect(seen).toBe(4);
  });

  it("keeps aliases, their order and several lists in one query", async () => {
    const answer = await bothWays(`{ b: listBook(sortOrder: ASC) { items { t: title pages } } a: listAuthor(limit: 2, filter: { age: { ge: 0 } }) { n: nextToken items { x: name y: id } } }`);
    expect(Object.keys(answer.data)).toEqual(["b", "a"]);
    expect(answer.data.b.items).toEqual([{ t: "One", pages: 10 }, { t: "Two", pages: 20 }]);
  });

  it("refuses alike: a bad limit, a bad token, a bad variable", async () => {
    for (const [query, variables] of [
      [`{ listAuthor(limit: 0) { items { id } } }`, {}],
      [`{ listAuthor(nextToken: "nonsense") { items { id } } }`, {}],
      [`query ($limit: Int) { listAuthor(limit: $limit) { items { id } } }`, { limit: "ten" }],
    ] as const) {
      const answer = await bothWays(query, variables, "graphql-js");
      expect(answer.errors?.length).toBeGreaterThan(0);
    }
  });

  it("falls back to graphql-js for stored values their field's type writes otherwise", async () => {
    // As a model change or a database's own writing leaves them (jsonb texts): an Integer field
    // holding a text, a fraction or "2.0", digits or a size JavaScript writes otherwise, an enum
    // value no longer in the enum, a number in a Boolean or String field.
    const odd = ['{"age": "12"}', '{"age": 1.5}', '{"age": 2.0}', '{"age": 2147483648}', '{"rating": 0.0000001}', '{"rating": 1.12345678901234567890}', '{"rating": 1e21}', '{"rating": 2.50}', '{"status": "GONE"}', '{"active": 1}', '{"name": 7}'];
    for (const [index, data] of odd.entries()) {
      await sql`insert into project_entries (api_id, type_id, id, data) values (${p.apiId}, ${authorTypeId}, ${`odd${index}`}, ${data}::jsonb)`.execute(p.t.platform.db);
      const answer = await bothWays(`{ listAuthor(limit: 100) { items { id age rating status active name } } }`, {}, "graphql-js");
      expect(answer.data?.listAuthor?.items ?? answer.errors).toBeTruthy();
      await sql`delete from project_entries where id = ${`odd${index}`}`.execute(p.t.platform.db);
    }
  });

  it("answers by SQL the values JavaScript writes alike: 17 digits, -0 stored as 0, an exponent within range", async () => {
    const alike: string[] = ['{"rating": 1.1234567890123457}', '{"rating": -0}', '{"rating": 1e20}', '{"age": -0, "name": "\\u00e9 \\/"}'];
    for (const [index, data] of alike.entries()) {
      await sql`insert into project_entries (api_id, type_id, id, data) values (${p.apiId}, ${authorTypeId}, ${`alike${index}`}, ${data}::jsonb)`.execute(p.t.platform.db);
      await bothWays(`{ listAuthor(limit: 100) { items { id age rating name } } }`);
      await sql`delete from project_entries where id = ${`alike${index}`}`.execute(p.t.platform.db);
    }
    // A page of system fields only is not parsed: an OIDC subject as owner may hold any text.
    await sql`insert into project_entries (api_id, type_id, id, data, owner) values (${p.apiId}, ${authorTypeId}, 'alike-owner', '{}', ${'sub "quoted" \\ \u0001 \u001f ü 😀 \u2028'})`.execute(p.t.platform.db);
    await bothWays(`{ listAuthor(limit: 100) { items { id owner createdAt __typename } } }`);
    await sql`delete from project_entries where id = 'alike-owner'`.execute(p.t.platform.db);
  });

  it("answers alike whatever is stored: 150 generated entries of every kind, as JSON texts a database may hold", async () => {
    const next = seededRandom(20261129);
    const pick = <T,>(options: readonly T[]) => options[Math.floor(next() * options.length)];
    const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join("");
    // Number texts as jsonb holds them: JavaScript's own, and forms it writes otherwise.
    const numberText = () =>
      pick([
        () => String(Math.floor(next() * 4294967296) - 2147483648),
        () => `${pick(["", "-"])}${1 + Math.floor(next() * 9)}${digits(Math.floor(next() * 12))}`,
        () => `${pick(["", "-"])}${digits(1)}.${digits(1 + Math.floor(next() * 19))}`,
        () => `${Math.floor(next() * 100)}.0`,
        () => `${pick(["1", "5", "9.5"])}e${pick(["-9", "-7", "-6", "2", "20", "21", "22"])}`,
        () => String((next() - 0.5) * 10 ** Math.floor(next() * 30 - 10)),
        () => "-0",
      ])();
    const stringText = () => JSON.stringify(pick(["", "plain", 'q"uote', "back\\slash", "line\nbreak", "\u0001\u001f", "ü 😀", "\u2028", "ACTIVE", "RETIRED", "GONE", "12"]));
    const anyText = () => pick([numberText, stringText, () => pick(["true", "false", "null"])])();
    // Mostly of the field's kind, else anything.
    const ofKind: Record<string, () => string> = {
      name: stringText,
      age: () => pick([() => String(Math.floor(next() * 4294967296) - 2147483648), numberText])(),
      rating: numberText,
      active: () => pick(["true", "false"]),
      status: () => pick(['"ACTIVE"', '"RETIRED"', '"GONE"']),
    };
    let bySql = 0;
    for (let index = 0; index < 150; index++) {
      const data = Object.fromEntries(["name", "age", "rating", "active", "status"].filter(() => next() < 0.7).map((field) => [field, next() < 0.8 ? ofKind[field]() : anyText()]));
      const text = `{${Object.entries(data).map(([field, value]) => `"${field}": ${value}`).join(", ")}}`;
      await sql`insert into project_entries (api_id, type_id, id, data) values (${p.apiId}, ${authorTypeId}, ${`gen${index}`}, ${text}::jsonb)`.execute(p.t.platform.db);
      const query = `{ listAuthor(limit: 10, filter: { id: { eq: "gen${index}" } }) { items { id name age rating active status } } }`;
      const before = sqlAnswers.count;
      const first = await raw(query);
      bySql += sqlAnswers.count - before;
      expect(first, text).toEqual(await raw(query.replace("items {", "items @include(if: true) {")));
      await sql`delete from project_entries where id = ${`gen${index}`}`.execute(p.t.platform.db);
    }
    // Both ways were taken: values written alike by SQL, the others by graphql-js.
    expect(bySql).toBeGreaterThan(20);
    expect(bySql).toBeLessThan(140);
  });

  it("takes only plain lists: fragments, directives, edges and connections go to graphql-js", () => {
    expect(answersBySql(schemaOfModel, `{ listAuthor { items { id } } }`)).toBe(true);
    for (const query of [
      `{ listAuthor { items { ...A } } } fragment A on Author { id }`,
      `{ listAuthor { items @skip(if: false) { id } } }`,
      `{ listAuthor { edges { node { id } } } }`,
      `{ listAuthor { items { id tags } } }`,
      `{ listAuthor { items { id meta } } }`,
      `{ listAuthor { items { listBook { items { id } } } } }`,
      `{ listAuthor { items { id } } liveVersion }`,
    ]) {
      expect(answersBySql(schemaOfModel, query)).toBe(false);
    }
  });

  // Last: it makes a wider model live. An object is written by concat() calls of at most 100 parts.
  it("writes objects of more keys than a PostgreSQL function takes arguments (a table of 60 fields)", async () => {
    const wide = addObjectType(model, "Wide");
    let wideModel = wide.model;
    for (let index = 0; index < 60; index++) wideModel = addField(wideModel, wide.id, { name: `f${index}`, type: "String", directives: [] }).model;
    await p.goLive(wideModel, 2);
    const created = await p.call(`mutation ($input: [CreateWideInput!]!) { batchCreateWide(input: $input) { id } }`, { input: [{ f0: "a", f59: "z" }, { f30: 'm "quoted"' }] });
    expect(created.errors).toBeUndefined();
    const fields = Array.from({ length: 60 }, (_, index) => `f${index}`).join(" ");
    const answer = await bothWays(`{ listWide { items { id ${fields} } } }`, {}, "sql", generateProjectSchema(wideModel).schema);
    expect(answer.data.listWide.items.map((item: Record<string, unknown>) => Object.keys(item).length)).toEqual([61, 61]);
  });
});
