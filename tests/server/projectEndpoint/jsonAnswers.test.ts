// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addField, addObjectType, initialModel, type SchemaModel } from "../../../src/domain/model";
import { libraryModel, liveProject, type LiveProject } from "./fixture";

/*
 * A project's own endpoint answers a POST of JSON asking for JSON as it answers a request asking
 * for application/graphql-response+json (the two are compared), its refusals too, and what it
 * remembers about a document must never outlive the schema it was validated against: a
 * republish serves a new schema from the next request on.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
  await p.call(`mutation { a: createAuthor(input: { name: "Ada" }) { id } b: createAuthor(input: { name: "Bea" }) { id } }`);
}, 60_000);
afterAll(() => p?.t.close());

async function post(body: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${p.t.url}/p/${p.apiId}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": p.apiKey, ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] } };
}

/** Another accepted type is yoga's to answer, so this is how yoga answers the same request. */
const viaYoga = { accept: "application/graphql-response+json" };

describe("a project endpoint's JSON answers", () => {
  it("answers a plain JSON list in one body with its Content-Length, as yoga answers it", async () => {
    const list = { query: `query ($limit: Int) { listAuthor(limit: $limit, sortOrder: ASC) { items { name } nextToken } }`, variables: { limit: 5 } };
    const fast = await post(list, { accept: "application/json" });
    expect(fast.status).toBe(200);
    expect(fast.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(fast.headers.get("content-length")).toBe(String(Buffer.byteLength(fast.text)));
    expect(fast.body.data.listAuthor.items.map((author: { name: string }) => author.name).sort()).toEqual(["Ada", "Bea"]);
    expect(fast.body).toEqual((await post(list, viaYoga)).body);
    // CORS for customer apps stays on JSON answers.
    expect(fast.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers a console operation sent by its persisted id (persisted-queries.project.json)", async () => {
    // RecordPickerQuery: the record editor's list of a table's entries.
    const byId = {
      operationName: "RecordPickerQuery",
      variables: { ofType: "Author", limit: 5, nextToken: null },
      extensions: { persistedQuery: { version: 1, sha256Hash: "c9ba8126a41cbbeb0c1319d9916395e46d6121b4e2ec80b7cf61cbcd7505622c" } },
    };
    const fast = await post(byId);
    expect(fast.status).toBe(200);
    expect(fast.headers.get("content-length")).toBe(String(Buffer.byteLength(fast.text)));
    expect(fast.body.errors).toBeUndefined();
    expect(fast.body).toEqual((await post(byId, viaYoga)).body);
  });

  it("keeps a text that failed to parse a 400 for application/graphql-response+json after it was sent as JSON", async () => {
    const query = `{ listAuthor { items { name } }`;
    const asJson = await post({ query });
    expect(asJson.status).toBe(200);
    expect(asJson.body.errors?.[0].extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
    expect(asJson.body.errors?.[0].message).toMatch(/Syntax Error/);
    const asGraphqlResponse = await post({ query }, viaYoga);
    expect(asGraphqlResponse.status).toBe(400);
    expect(asGraphqlResponse.body.errors?.[0].message).toMatch(/Syntax Error/);
  });

  it("refuses a field the project's schema lacks, every time it is asked", async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await post({ query: `{ listAuthor { items { name shoeSize } } }` });
      expect(status).toBe(200);
      expect(body.data).toBeUndefined();
      expect(body.errors?.[0].message).toMatch(/Cannot query field "shoeSize" on type "Author"/);
    }
  });

  it("applies the query limits, to a text it has answered before too", async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: liveVersion`).join(" ");
    const tooMany = await post({ query: `{ ${aliases} }` });
    expect(tooMany.body.data).toBeUndefined();
    expect(tooMany.body.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_query_limit" });
    // Nine levels deep where eight are allowed.
    const deep = `{ listAuthor { items { listBook { items { author { listBook { items { author { name } } } } } } } } }`;
    for (let i = 0; i < 2; i++) {
      const { body } = await post({ query: deep });
      expect(body.data).toBeUndefined();
      expect(body.errors?.[0].message).toMatch(/depth/i);
      expect(body.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_query_limit" });
    }
  });

  it("refuses a body over the limit with 413 before reading it all", async () => {
    const response = await fetch(`${p.t.url}/p/${p.apiId}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": p.apiKey },
      body: JSON.stringify({ query: `{ liveVersion }`, variables: { padding: "x".repeat(1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
  });

  it("validates against the schema live now: after a republish the same text is refused, and after the next one answered again", async () => {
    const query = { query: `{ listBook { items { title } } }` };
    for (let i = 0; i < 2; i++) expect((await post(query)).body.errors).toBeUndefined();
    // Version 2 has no Book table: the document validated for version 1 must not be used.
    await p.goLive(authorsOnly(), 2);
    const refused = await post(query);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors?.[0].message).toMatch(/Cannot query field "listBook" on type "Query"/);
    await p.goLive(libraryModel(), 3);
    const answered = await post(query);
    expect(answered.body.errors).toBeUndefined();
    expect(answered.body.data.listBook.items).toEqual([]);
  });
});

/** A model with one table, Author, and nothing else. */
function authorsOnly(): SchemaModel {
  const table = addObjectType(initialModel(), "Author");
  return addField(table.model, table.id, { name: "name", type: "String" }).model;
}
