// @vitest-environment node
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";
import type { TestPlatform } from "../harness";
import { fragmentChain } from "./attackDocuments";

/*
 * One anonymous request of about a kilobyte froze the server: a chain of fragments that each
 * spread the previous one twice stands for 2^n selections, and a check that walked every spread
 * ran for minutes with /healthz blocked. The document is refused as soon as it is parsed, on
 * /graphql and on a project's endpoint, over HTTP and over graphql-ws, whatever the shape of
 * the chain. Without the defence these requests hang until the test times out.
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

const expectQueryLimit = (result: { status: number; errors?: { extensions?: Record<string, unknown> }[]; data?: unknown }) => {
  expect(result.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_query_limit" });
  expect(result.status).toBe(400);
  expect(result.data ?? null).toBeNull();
};

/** The attack and a /healthz probe sent together: the probe must not wait for the attack. */
async function withHealthProbe<T>(attack: Promise<T>) {
  const [result, health] = await Promise.all([attack, fetch(`${t.url}/healthz`).then((response) => response.status)]);
  expect(health).toBe(200);
  return result;
}

describe("a document that grows exponentially once its fragments are written out", () => {
  it("is refused anonymously on /graphql, and /healthz answers meanwhile", async () => {
    expectQueryLimit(await withHealthProbe(t.graphql(fragmentChain(30))));
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });

  it.each([
    ["ten spreads per fragment", fragmentChain(12, { fanOut: 10 })],
    ["spreads inside inline fragments", fragmentChain(30, { via: "inline" })],
    ["spreads next to aliased fields", fragmentChain(30, { via: "alias" })],
    ["a mutation", fragmentChain(30, { root: "Mutation" })],
    ["a subscription sent over HTTP", fragmentChain(30, { root: "Subscription", leaf: `onUpdateApi(id: "api_x") { id }` })],
  ])("is refused on /graphql when it is %s", async (_shape, query) => {
    expectQueryLimit(await withHealthProbe(t.graphql(query)));
  });

  it("is refused on a project's endpoint, with lists in the chain", async () => {
    expectQueryLimit(await withHealthProbe(p.call(fragmentChain(30))));
    expectQueryLimit(await p.call(fragmentChain(30, { leaf: "listAuthor(limit: 1000) { items { id } }" })));
    expectQueryLimit(await p.call(fragmentChain(10, { fanOut: 10, root: "Mutation" })));
  });

  it("is refused over graphql-ws, on /graphql and on a project's endpoint", async () => {
    const refusalOver = async (path: string, connectionParams: Record<string, unknown>, query: string) => {
      const client = createClient({ url: `${t.url.replace("http", "ws")}${path}`, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
      try {
        return await new Promise<unknown>((resolve) => client.subscribe({ query }, { next: () => {}, error: resolve, complete: () => resolve(null) }));
      } finally {
        await client.dispose();
      }
    };
    const platform = await withHealthProbe(refusalOver("/graphql", {}, fragmentChain(30, { root: "Subscription", leaf: `onUpdateApi(id: "api_x") { id }` })));
    expect((platform as { extensions?: unknown }[])[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_query_limit" });
    const project = await refusalOver(`/p/${p.apiId}/graphql`, { "x-api-key": p.apiKey }, fragmentChain(30, { root: "Subscription", leaf: "onCreateAuthor { id }" }));
    expect((project as { extensions?: unknown }[])[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_query_limit" });
  });

  it("refuses a field repeated hundreds of times, which validation compares pair by pair", async () => {
    const repeated = (count: number) => `{ ${Array.from({ length: count }, () => "viewer { id }").join(" ")} }`;
    expectQueryLimit(await withHealthProbe(t.graphql(repeated(200))));
    expectQueryLimit(await p.call(`{ ${Array.from({ length: 40 }, () => "... on Query { listAuthor { items { id } } }").join(" ")} }`));
    expect((await t.graphql(`{ __typename __typename __typename }`)).data).toEqual({ __typename: "Query" });
  });

  it("still answers fragments spread a few times, as real clients use them", async () => {
    const { data, errors } = await t.graphql(fragmentChain(8));
    expect(errors).toBeUndefined();
    expect(data).toEqual({ __typename: "Query" });
    const reused = await p.call(`{ ...page ...page } fragment page on Query { listAuthor(limit: 5) { items { id } } }`);
    expect(reused.errors).toBeUndefined();
  });
});
