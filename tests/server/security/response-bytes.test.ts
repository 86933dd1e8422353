// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entriesByIds, insertEntries } from "../../../server/projectEndpoint/entries/store";
import Papa from "papaparse";
import { csvClient } from "../projectEndpoint/csvClient";
import { libraryModel, liveProject, type LiveProject } from "../projectEndpoint/fixture";

/*
 * Responses were bounded by rows, not bytes: 1,000 rows with a 60,000-character field pass the
 * row limit, so a few aliases of such a page made hundreds of MB, blocked the server and ended in
 * a 500 (`Invalid string length`). Every answer now has a byte budget (LIMITS responseMaxBytes),
 * here 1 MiB so the rows stay few: 60 authors of 60,000 characters are 3.6 MB a page.
 */
const BUDGET = 1024 * 1024;
const WIDE = 60_000;
const AUTHORS = 60;
const refusal = { code: "BAD_USER_INPUT", messageId: "error_response_too_large", maxBytes: BUDGET };

let p: LiveProject;
let wideAuthorId: string;
let hugeAuthorId: string;
let authorTypeId: string;
beforeAll(async () => {
  const model = libraryModel();
  p = await liveProject(model, { LIMITS: `responseMaxBytes=${BUDGET}` });
  const typeId = (name: string) => model.objectTypes.find((type) => type.name === name)!.id;
  // Written through the store: the API takes at most 1 MB a request, and the rows are what matters.
  const wide = await insertEntries(
    p.t.platform.db,
    p.apiId,
    typeId("Author"),
    Array.from({ length: AUTHORS }, (_, index) => ({ data: { name: `${index}`.padEnd(WIDE, "x"), age: index }, parentFirst: null, parentSecond: null })),
  );
  wideAuthorId = wide[0].id;
  authorTypeId = typeId("Author");
  const [huge] = await insertEntries(p.t.platform.db, p.apiId, typeId("Author"), [
    { data: { name: "huge", age: -1, tags: Array.from({ length: 20 }, () => "t".repeat(WIDE)) }, parentFirst: null, parentSecond: null },
  ]);
  hugeAuthorId = huge.id;
  // Books of one author, each wide: the nested list of a connection field is read by a loader.
  await insertEntries(
    p.t.platform.db,
    p.apiId,
    typeId("Book"),
    Array.from({ length: 40 }, (_, index) => ({ data: { title: "b".repeat(WIDE), pages: index }, parentFirst: wideAuthorId, parentSecond: null })),
  );
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const aliases = (count: number, field: string) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(" ")} }`;

describe("a byte budget for every answer (LIMITS responseMaxBytes)", () => {
  it("refuses five aliases of a page of wide rows with one clear error, not a 500, and /healthz answers", async () => {
    const result = await p.call(aliases(5, `listAuthor(limit: 1000) { items { id name } }`));
    expect(result.status).toBe(200);
    expect(result.data ?? null).toBeNull();
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0].extensions).toMatchObject(refusal);
    expect(result.errors?.[0].message).toMatch(/larger than 1 MB.*fewer rows/);
    expect((await fetch(`${p.t.url}/healthz`)).status).toBe(200);
  });

  it("refuses the same where yoga answers (another media type) and on a GET", async () => {
    const query = aliases(5, `listAuthor(limit: 1000) { items { name } }`);
    const headers = { "x-api-key": p.apiKey, accept: "application/graphql-response+json" };
    const posted = await fetch(`${p.t.url}/p/${p.apiId}/graphql`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ query }) });
    const got = await fetch(`${p.t.url}/p/${p.apiId}/graphql?query=${encodeURIComponent(query)}`, { headers });
    for (const response of [posted, got]) {
      expect(response.status).toBe(200);
      const body = (await response.json()) as { errors?: { extensions?: object }[] };
      expect(body.errors?.[0].extensions).toMatchObject(refusal);
    }
  });

  it("refuses the same through the generic Type model and by id", async () => {
    const generic = await p.call(aliases(3, `listTypes(ofType: "Author", limit: 1000) { items { id fields } }`), {}, { token: p.owner.token });
    expect(generic.errors?.[0].extensions).toMatchObject(refusal);
    const ids = Array.from({ length: 15 }, () => `getAuthor(id: "${hugeAuthorId}") { tags }`);
    const byId = await p.call(`{ ${ids.map((field, index) => `g${index}: ${field}`).join(" ")} }`);
    expect(byId.errors?.[0].extensions).toMatchObject(refusal);
  });

  it("refuses nested lists read by the request's loaders", async () => {
    const result = await p.call(`{ getAuthor(id: "${wideAuthorId}") { listBook(limit: 1000) { items { title } } } }`);
    expect(result.errors?.[0].extensions).toMatchObject(refusal);
  });

  it("refuses a mutation's answer beyond the budget when it is written (its write is done)", async () => {
    const result = await p.call(`mutation { updateAuthor(input: { id: "${hugeAuthorId}", age: -2 }) { id tags } }`);
    expect(result.status).toBe(200);
    expect(result.errors?.[0].extensions).toMatchObject(refusal);
    const [after] = await entriesByIds(p.t.platform.db, p.apiId, authorTypeId, [hugeAuthorId]);
    expect(after.data.age).toBe(-2);
  });

  it("answers what fits: a page of wide rows under the budget, and pages that walk the table", async () => {
    const small = await p.call(`{ listAuthor(limit: 10, sortOrder: ASC, filter: { age: { ge: 0 } }) { items { name } nextToken } }`);
    expect(small.errors).toBeUndefined();
    expect(small.data.listAuthor.items).toHaveLength(10);
    expect(small.data.listAuthor.items[0].name).toHaveLength(WIDE);
    const seen = new Set<string>();
    let nextToken: string | null = null;
    do {
      const page: any = await p.call(`query ($next: String) { listAuthor(limit: 15, nextToken: $next, filter: { age: { ge: 0 } }) { items { id } nextToken } }`, { next: nextToken });
      expect(page.errors).toBeUndefined();
      for (const item of page.data.listAuthor.items) seen.add(item.id);
      nextToken = page.data.listAuthor.nextToken;
    } while (nextToken);
    expect(seen.size).toBe(AUTHORS);
    const books = await p.call(`{ getAuthor(id: "${wideAuthorId}") { listBook(limit: 10) { items { pages } } } }`);
    expect(books.errors).toBeUndefined();
    expect(books.data.getAuthor.listBook.items).toHaveLength(10);
  });

  it("exports every wide row once and in order: a CSV export streams pages of about 1 MB, whatever the budget", async () => {
    const exported = await csvClient(p.t.url, p.apiId).download("export.csv?table=Author&sort=age:ASC", { apiKey: p.apiKey });
    expect(exported.status).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(exported.text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const age = header.indexOf("age");
    // The huge author first (age below zero), then the wide ones.
    expect(Number(rows[0][age])).toBeLessThan(0);
    expect(rows.slice(1).map((row) => Number(row[age]))).toEqual(Array.from({ length: AUTHORS }, (_, index) => index));
    expect(rows[1][header.indexOf("name")]).toHaveLength(WIDE);
  });
});
