// @vitest-environment node
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_INPUT_DEPTH } from "../../../src/domain/limits";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";
import type { TestPlatform } from "../harness";
import { nestedArrays, nestedJson } from "./attackDocuments";

/*
 * Input nested far deeper than any real one, and input far larger, is refused before anything
 * walks it: a 100,000-level filter variable answered HTTP 500, Json values and generic filters
 * thousands of levels deep overflowed the stack (INTERNAL_SERVER_ERROR), and a huge batch, tens
 * of thousands of unused variables or a very deep unused array cost most of a second of CPU
 * before they were refused (or answered).
 */
let p: LiveProject;
let t: TestPlatform;
beforeAll(async () => {
  p = await liveProject();
  t = p.t;
});
afterAll(async () => {
  await t?.close();
});

type Result = { status: number; errors?: { extensions?: Record<string, unknown> }[]; data?: unknown };
const expectRefused = (result: Result, messageId: string, status = 400) => {
  expect(result.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId });
  expect(result.status).toBe(status);
};
const healthy = async () => expect((await fetch(`${t.url}/healthz`)).status).toBe(200);

/**
 * POSTs a request whose variables are given as JSON text: too deep for JSON.stringify here.
 * With the project's API key on its endpoint, anonymous on /graphql.
 */
async function postRaw(path: string, query: string, variablesJson: string): Promise<Result> {
  const response = await fetch(`${t.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(path.startsWith("/p/") ? { "x-api-key": p.apiKey } : {}) },
    body: `{"query":${JSON.stringify(query)},"variables":${variablesJson}}`,
  });
  return { status: response.status, ...((await response.json()) as object) };
}

describe("deeply nested input", () => {
  it("refuses a 100,000-level filter variable on a project's endpoint with 400, not 500", async () => {
    const query = `query ($filter: AuthorFilterInput) { listAuthor(filter: $filter) { items { id } } }`;
    const filter = nestedJson(100_000, "not", `{"name":{"eq":"x"}}`);
    expectRefused(await postRaw(`/p/${p.apiId}/graphql`, query, `{"filter":${filter}}`), "error_input_too_deep");
    await healthy();
  });

  it("refuses a deep unused variable anonymously on /graphql", async () => {
    expectRefused(await postRaw("/graphql", `{ __typename }`, `{"unused":${nestedArrays(400_000)}}`), "error_input_too_deep");
    await healthy();
  });

  it("closes a graphql-ws socket whose message nests 100,000 levels deep, before parsing it", async () => {
    const socket = new WebSocket(`${t.url.replace("http", "ws")}/p/${p.apiId}/graphql`, "graphql-transport-ws");
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    socket.send(JSON.stringify({ type: "connection_init", payload: { "x-api-key": p.apiKey } }));
    await new Promise((resolve) => socket.once("message", resolve));
    const filter = nestedJson(100_000, "not", `{"name":{"eq":"x"}}`);
    socket.send(`{"id":"1","type":"subscribe","payload":{"query":"subscription ($f: String) { onCreateType(ofType: \\"Author\\") { id } }","variables":{"f":${filter}}}}`);
    expect(await closed).toBe(4400);
    await healthy();
  });

  it("refuses a literal nested deeper than the limit in the query text", async () => {
    let filter = `{ name: { eq: "x" } }`;
    for (let level = 0; level < MAX_INPUT_DEPTH; level++) filter = `{ not: ${filter} }`;
    expectRefused(await p.call(`{ listAuthor(filter: ${filter}) { items { id } } }`), "error_input_too_deep");
  });

  it("refuses Json values thousands of levels deep, as invalid JSON values", async () => {
    const create = `mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id } }`;
    const refused = await p.call(create, { input: { name: "deep", meta: nestedJson(6_000) } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_value_json" });
    // As deep as real data goes is stored.
    expect((await p.call(create, { input: { name: "nested", meta: nestedJson(20) } })).errors).toBeUndefined();
  });

  it("refuses a generic filter thousands of levels deep", async () => {
    const query = `query ($filter: String) { listTypes(ofType: "Author", filter: $filter) { items { id } } }`;
    const refused = await p.call(query, { filter: nestedJson(6_000, "not", `{"name":{"eq":"x"}}`) });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_input_too_deep" });
    await healthy();
  });

  it("still answers filters nested as deep as the filter rules allow", async () => {
    const query = `query ($filter: AuthorFilterInput) { listAuthor(filter: $filter) { items { id } } }`;
    const within = await p.call(query, { filter: { and: [{ or: [{ not: { and: [{ name: { eq: "x" } }] } }] }] } });
    expect(within.errors).toBeUndefined();
  });
});

describe("oversized input", () => {
  it("refuses a batch of 100,000 entries before coercing it", async () => {
    const batch = `mutation ($input: [CreateAuthorInput!]!) { batchCreateAuthor(input: $input) { id } }`;
    const result = await p.call(batch, { input: Array.from({ length: 100_000 }, () => ({})) });
    expectRefused(result, "error_input_too_large");
    expect(result.errors?.[0]?.extensions?.max).toBe(1000);
  });

  it("refuses 60,000 unused variables anonymously on /graphql", async () => {
    const variables = Object.fromEntries(Array.from({ length: 60_000 }, (_, index) => [`v${index}`, 1]));
    expectRefused(await t.graphql(`{ __typename }`, variables), "error_input_too_large");
    await healthy();
  });
});
