// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { costRefusal } from "../../../server/graphql/limits";
import { MAX_ROWS_READ, rowsRead } from "../../../server/graphql/rowsRead";
import { generateProjectSchema } from "../../../server/projectEndpoint/schema/schema";
import { libraryModel } from "../projectEndpoint/fixture";

/*
 * "The query limits of the security issue apply to every project endpoint". A project's
 * lists page by `limit` (up to 1,000), which graphql-armor's cost rule does not read: nested lists
 * are counted in rows, each list's size times the sizes of the lists around it.
 */
const { schema } = generateProjectSchema(libraryModel());
const rows = (query: string, variables?: Record<string, unknown>) => rowsRead(schema, parse(query), undefined, variables);
const refusal = (query: string, variables?: Record<string, unknown>) => costRefusal(schema, parse(query), undefined, variables);

describe("the rows a project query may read", () => {
  it("counts a flat list by its limit, its default (100) when none is given", () => {
    expect(rows(`{ listAuthor(limit: 1000) { items { id name } } }`)).toBe(1000);
    expect(rows(`{ listAuthor { items { id } } }`)).toBe(100);
  });

  it("multiplies nested lists: 1,000 authors with 1,000 books each are a million and one thousand rows", () => {
    expect(rows(`{ listAuthor(limit: 1000) { items { id listBook(limit: 1000) { items { id } } } } }`)).toBe(1_001_000);
    expect(rows(`{ listAuthor { items { listBook { items { id } } } } }`)).toBe(100 + 100 * 100);
  });

  it("reads sizes from variables, their defaults, fragments and aliases", () => {
    const byVariable = `query ($n: Int) { listAuthor(limit: $n) { items { listBook(limit: $n) { items { id } } } } }`;
    expect(rows(byVariable, { n: 10 })).toBe(10 + 100);
    expect(rows(`query ($n: Int = 20) { listAuthor(limit: $n) { items { id } } }`)).toBe(20);
    expect(rows(`{ listAuthor(limit: 10) { items { ...books } } } fragment books on Author { listBook(limit: 7) { items { id } } }`)).toBe(10 + 70);
    expect(rows(`{ a: listAuthor(limit: 300) { items { id } } b: listAuthor(limit: 300) { items { id } } }`)).toBe(600);
  });

  it("prices a size beyond the largest page at the largest page (the resolver refuses it anyway)", () => {
    expect(rows(`{ listAuthor(limit: 50000) { items { id } } }`)).toBe(1000);
  });

  it("counts a generic list by first, else limit", () => {
    expect(rows(`{ listTypes(ofType: "Book", first: 30, limit: 500) { items { id } } }`)).toBe(30);
    expect(rows(`{ listTypes(ofType: "Book", limit: 500) { items { id } } }`)).toBe(500);
  });
});

describe("the query limits refuse what reads too many rows", () => {
  it(`refuses nested lists beyond ${MAX_ROWS_READ} rows with the query-limit message, and names the count`, () => {
    const nested = refusal(`{ listAuthor(limit: 1000) { items { id listBook(limit: 1000) { items { id } } } } }`);
    expect(nested?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_query_limit", rows: 1_001_000, max: MAX_ROWS_READ });
    expect(nested?.message).toMatch(/may read up to 1001000 rows/);
    expect(refusal(`{ listAuthor(limit: 201) { items { listBook { items { id } } } } }`)).not.toBeNull();
  });

  it("lets a flat page of 1,000 wide rows and two nested default pages through", () => {
    const wide = `{ listAuthor(limit: 1000) { items { id name email age rating active tags meta born seen wakes stamp ip phone site ref status } } }`;
    expect(refusal(wide)).toBeNull();
    expect(refusal(`{ listAuthor { items { id listBook { items { id title pages } } } } }`)).toBeNull();
  });
});
