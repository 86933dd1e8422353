// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { liveProject, type LiveProject } from "./fixture";
import { FILTER_INDEX_STATEMENT } from "../../../server/projectEndpoint/entries/filterIndexes";

let p: LiveProject;
const authors: { id: string; name: string; age: number | null }[] = [];
beforeAll(async () => {
  p = await liveProject();
  const input = Array.from({ length: 25 }, (_, index) => ({
    name: `Author ${String(index).padStart(2, "0")}`,
    age: index % 5 === 4 ? null : 20 + index,
    tags: index % 2 ? ["odd"] : ["even", "x"],
    active: index % 3 === 0,
    ...(index === 7 ? { email: "seven@example.com" } : {}),
  }));
  const created = await p.call(`mutation ($input: [CreateAuthorInput!]!) { batchCreateAuthor(input: $input) { id name age } }`, { input });
  authors.push(...created.data.batchCreateAuthor);
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const names = (result: { data?: any }, list = "listAuthor") => result.data[list].items.map((item: { name: string }) => item.name);

async function listAll(args: string, limit: number) {
  const seen: string[] = [];
  let nextToken: string | null = null;
  do {
    const page: any = await p.call(`query ($next: String) { listAuthor(limit: ${limit}, nextToken: $next ${args}) { items { name } nextToken pageInfo { hasNextPage endCursor } edges { cursor } } }`, { next: nextToken });
    expect(page.errors).toBeUndefined();
    seen.push(...names(page));
    nextToken = page.data.listAuthor.nextToken;
    expect(page.data.listAuthor.pageInfo.hasNextPage).toBe(nextToken !== null);
  } while (nextToken);
  return seen;
}

describe("spec §7 list (limit, nextToken, filter, sortOrder, sortRange)", () => {
  it("is newest first by default (descending by the sort-by field; this table's is age, nulls last)", async () => {
    const all = await listAll("", 100);
    const expected = [...authors].sort((a, b) => (b.age ?? -1) - (a.age ?? -1) || (b.id < a.id ? -1 : 1)).map((author) => author.name);
    expect(all).toEqual(expected);
  });

  it("pages with nextToken through every entry exactly once, in both directions and by updatedAt", async () => {
    for (const args of ["", ", sortOrder: ASC", ", sortBy: updatedAt", ", sortBy: createdAt, sortOrder: ASC"]) {
      const whole = await listAll(args, 100);
      const paged = await listAll(args, 7);
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(25);
    }
  });

  it("answers in Relay's shape too: edges with cursors and pageInfo", async () => {
    const page = await p.call(`{ listAuthor(limit: 2) { edges { node { name } cursor } pageInfo { hasNextPage endCursor } nextToken } }`);
    const connection = page.data.listAuthor;
    expect(connection.edges).toHaveLength(2);
    expect(connection.pageInfo).toEqual({ hasNextPage: true, endCursor: connection.nextToken });
    expect(connection.edges[1].cursor).toBe(connection.nextToken);
  });

  it("filters with each operator, and/or/not", async () => {
    const cases: [string, (a: { name: string; age: number | null }, index: number) => boolean][] = [
      [`{ age: { eq: 21 } }`, (a) => a.age === 21],
      [`{ age: { ne: 21 } }`, (a) => a.age !== 21],
      [`{ age: { lt: 25 } }`, (a) => a.age !== null && a.age < 25],
      [`{ age: { le: 25 } }`, (a) => a.age !== null && a.age <= 25],
      [`{ age: { gt: 40 } }`, (a) => a.age !== null && a.age > 40],
      [`{ age: { ge: 40 } }`, (a) => a.age !== null && a.age >= 40],
      [`{ name: { beginsWith: "Author 1" } }`, (a) => a.name.startsWith("Author 1")],
      [`{ name: { contains: "r 2" } }`, (a) => a.name.includes("r 2")],
      [`{ name: { notContains: "0" } }`, (a) => !a.name.includes("0")],
      [`{ tags: { contains: "odd" } }`, (_, index) => index % 2 === 1],
      [`{ tags: { notContains: "odd" } }`, (_, index) => index % 2 === 0],
      [`{ age: { attributeExists: false } }`, (a) => a.age === null],
      [`{ email: { attributeExists: true } }`, (_, index) => index === 7],
      [`{ active: { eq: true } }`, (_, index) => index % 3 === 0],
      [`{ and: [{ age: { gt: 25 } }, { age: { lt: 30 } }] }`, (a) => a.age !== null && a.age > 25 && a.age < 30],
      [`{ or: [{ age: { eq: 20 } }, { age: { eq: 44 } }] }`, (a) => a.age === 20 || a.age === 44],
      [`{ not: { age: { attributeExists: true } } }`, (a) => a.age === null],
      [`{ id: { eq: "x" } }`, () => false],
      // Values are parameters: SQL in a value is only text that no entry has.
      [`{ name: { eq: "x' or '1'='1" } }`, () => false],
      [`{ name: { beginsWith: "%" } }`, () => false],
    ];
    for (const [filter, keep] of cases) {
      const result = await p.call(`{ listAuthor(filter: ${filter}) { items { name } } }`);
      expect(result.errors, filter).toBeUndefined();
      expect(names(result).sort(), filter).toEqual(authors.filter((author, index) => keep(author, index)).map((author) => author.name).sort());
    }
  });

  it("narrows by sortRange on the sort field (eq, lt, le, gt, ge, beginsWith)", async () => {
    const range = async (sortRange: string, sortBy = "") => names(await p.call(`{ listAuthor(sortOrder: ASC ${sortBy} sortRange: ${sortRange}) { items { name } } }`));
    expect(await range(`{ ge: "40", lt: "43" }`)).toEqual(["Author 20", "Author 21", "Author 22"]);
    expect(await range(`{ eq: "21" }`)).toEqual(["Author 01"]);
    expect(await range(`{ le: "21" }`)).toEqual(["Author 00", "Author 01"]);
    expect(await range(`{ gt: "42" }`)).toEqual(["Author 23"]);
    const today = new Date().toISOString().slice(0, 7);
    expect(await range(`{ beginsWith: "${today}" }`, ", sortBy: createdAt")).toHaveLength(25);
    const refused = await p.call(`{ listAuthor(sortRange: { gt: "old" }) { items { name } } }`);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_sort_range_invalid" });
  });

  it("reads keyset pages, never OFFSET, and counts nothing", async () => {
    const executor = Object.getPrototypeOf(p.t.platform.db.getExecutor());
    const spy = vi.spyOn(executor, "executeQuery");
    try {
      await listAll("", 5);
      const statements = spy.mock.calls.map(([query]) => (query as { sql: string }).sql).filter((text) => text.includes("project_entries") && !text.startsWith(FILTER_INDEX_STATEMENT));
      expect(statements.length).toBeGreaterThan(0);
      for (const text of statements) {
        expect(text.toLowerCase()).not.toMatch(/\boffset\b|count\(/);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it("refuses a bad limit, a forged or foreign nextToken and an oversized filter as bad input", async () => {
    const code = async (query: string) => (await p.call(query)).errors?.[0].extensions?.messageId;
    expect(await code(`{ listAuthor(limit: 0) { items { id } } }`)).toBe("error_list_limit");
    expect(await code(`{ listAuthor(limit: 1001) { items { id } } }`)).toBe("error_list_limit");
    expect(await code(`{ listAuthor(nextToken: "garbage") { items { id } } }`)).toBe("error_next_token_invalid");
    const token = (await p.call(`{ listAuthor(limit: 1) { nextToken } }`)).data.listAuthor.nextToken;
    expect(await code(`{ listAuthor(sortBy: updatedAt, nextToken: "${token}") { items { id } } }`)).toBe("error_next_token_invalid");
    const forged = Buffer.from(JSON.stringify({ s: "updatedAt", o: "DESC", k: "2024-02-31T00:00:00.000000Z", i: "x" })).toString("base64url");
    expect(await code(`{ listAuthor(sortBy: updatedAt, nextToken: "${forged}") { items { id } } }`)).toBe("error_next_token_invalid");
    const wide = `{ or: [${Array.from({ length: 51 }, (_, index) => `{ age: { eq: ${index} } }`).join(", ")}] }`;
    const tooWide = await p.call(`query ($f: AuthorFilterInput) { listAuthor(filter: $f) { items { id } } }`, { f: JSON.parse(toJson(wide)) });
    expect(tooWide.errors?.[0].extensions?.messageId).toBe("error_filter_too_complex");
    let deep: Record<string, unknown> = { age: { eq: 1 } };
    for (let level = 0; level < 7; level++) deep = { not: deep };
    const tooDeep = await p.call(`query ($f: AuthorFilterInput) { listAuthor(filter: $f) { items { id } } }`, { f: deep });
    expect(tooDeep.errors?.[0].extensions?.messageId).toBe("error_filter_too_complex");
  });
});

/** The GraphQL literal above as JSON (keys quoted). */
const toJson = (literal: string) => literal.replace(/(\w+):/g, '"$1":');
