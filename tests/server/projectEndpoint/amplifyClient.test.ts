// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { Amplify } from "aws-amplify";
import { generateClient } from "aws-amplify/api";
import { libraryModel, liveProject, type LiveProject } from "./fixture";

/**
 * An Amplify 6 app, unchanged, against a published project: only the endpoint and the API key
 * are ours. Node has no global WebSocket, so `ws` stands in; Amplify derives `wss://` for any
 * host that is not AWS's, which this plain-HTTP test server answers as `ws://`.
 */
class LocalWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(String(url).replace(/^wss:\/\//, "ws://"), protocols);
  }
}

let p: LiveProject;
let originalWebSocket: unknown;
const subscriptions: { unsubscribe(): void }[] = [];
beforeAll(async () => {
  p = await liveProject();
  // Amplify's generated names beside the spec's, as the project setting publishes them.
  await p.goLive(libraryModel(), 2, { amplifyNames: true });
  originalWebSocket = (globalThis as { WebSocket?: unknown }).WebSocket;
  (globalThis as { WebSocket?: unknown }).WebSocket = LocalWebSocket;
  Amplify.configure({ API: { GraphQL: { endpoint: `${p.t.url}/p/${p.apiId}/graphql`, region: "eu-central-1", defaultAuthMode: "apiKey", apiKey: p.apiKey } } });
}, 60_000);
afterAll(async () => {
  for (const subscription of subscriptions) subscription.unsubscribe();
  (globalThis as { WebSocket?: unknown }).WebSocket = originalWebSocket;
  await p?.t.close();
});

/** Amplify's client as the app calls it, without its model typing (this test has no generated types). */
interface Client {
  graphql(options: { query: string; variables?: Record<string, unknown> }): any;
}
const client = (options: { authMode?: "apiKey"; apiKey?: string } = {}) => generateClient(options) as unknown as Client;

/** What an Amplify subscription delivers, and how it ended. */
function listen(app: Client, query: string) {
  const events: any[] = [];
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<any>((resolve) => (fail = resolve));
  subscriptions.push(app.graphql({ query }).subscribe({ next: (value: unknown) => void events.push(value), error: (error: unknown) => fail(error) }));
  return { events, failed };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))]);

describe("aws-amplify 6 against a published project, unchanged", () => {
  // First, while no socket is open: a wrong key fails the connection itself.
  it("fails a subscription's connection with a wrong key as UnauthorizedException", async () => {
    const refused = listen(client({ authMode: "apiKey", apiKey: "da2-wrong" }), `subscription { onCreateAuthor { id } }`);
    const error = await within(refused.failed, 20_000, "the refused connection");
    expect(error.errors.map((e: { message: string }) => e.message)).toEqual(["Connection failed: UnauthorizedException"]);
  });

  it("answers a wrong key over HTTP as Unauthorized", async () => {
    const error: any = await client({ authMode: "apiKey", apiKey: "da2-wrong" }).graphql({ query: `query { listAuthor { items { id } } }` }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    // Amplify calls it Unauthorized only when the answer's x-amzn-ErrorType says UnauthorizedException.
    expect(error?.errors?.map((e: { message: string }) => e.message)).toEqual(["Unauthorized"]);
  });

  it("creates four records and lists them with a filter, following nextToken to the end", async () => {
    const app = client();
    const created: string[] = [];
    for (const [i, name] of ["Ada", "Grace", "Edsger", "Barbara"].entries()) {
      const result: any = await app.graphql({ query: `mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id name } }`, variables: { input: { name, age: 100 + i } } });
      expect(result.data.createAuthor.name).toBe(name);
      created.push(result.data.createAuthor.id);
    }
    await app.graphql({ query: `mutation { createAuthor(input: { name: "Young", age: 20 }) { id } }` });
    const listed: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const page: any = await app.graphql({
        query: `query ($nextToken: String) { listAuthor(filter: { age: { ge: 100 } }, limit: 3, nextToken: $nextToken) { items { id } nextToken } }`,
        variables: { nextToken },
      });
      listed.push(...page.data.listAuthor.items.map((item: { id: string }) => item.id));
      nextToken = page.data.listAuthor.nextToken;
      pages++;
    } while (nextToken && pages < 10);
    expect(pages).toBe(2);
    expect(listed.sort()).toEqual([...created].sort());
  });

  it("hears onCreate with only the selected fields", async () => {
    const app = client();
    const heard = listen(app, `subscription { onCreateAuthor { id name } }`);
    // Amplify says when the subscription is registered only through Hub: write until it hears one.
    const ids: string[] = [];
    await expect
      .poll(async () => {
        const result: any = await app.graphql({ query: `mutation { createAuthor(input: { name: "Heard", age: 7 }) { id } }` });
        ids.push(result.data.createAuthor.id);
        return heard.events.length;
      }, { timeout: 20_000, interval: 300 })
      .toBeGreaterThan(0);
    expect(ids).toContain(heard.events[0].data.onCreateAuthor.id);
    expect(heard.events[0].data).toEqual({ onCreateAuthor: { id: heard.events[0].data.onCreateAuthor.id, name: "Heard" } });
  });

  // Operations as Amplify's codegen writes them: named, with its variable types.
  const LIST_AUTHORS = `query ListAuthors($filter: ModelAuthorFilterInput, $limit: Int, $nextToken: String) {
    listAuthors(filter: $filter, limit: $limit, nextToken: $nextToken) { items { id name age } nextToken } }`;
  const CREATE_AUTHOR = `mutation CreateAuthor($input: CreateAuthorInput!, $condition: ModelAuthorConditionInput) {
    createAuthor(input: $input, condition: $condition) { id name age } }`;
  const ON_CREATE_AUTHOR = `subscription OnCreateAuthor($filter: ModelSubscriptionAuthorFilterInput) { onCreateAuthor(filter: $filter) { id name age } }`;

  it("runs Amplify-generated operations: listAuthors with ModelAuthorFilterInput, following nextToken to the end", async () => {
    const app = client();
    const created: string[] = [];
    for (const [i, name] of ["Ida", "Hedy", "Karen", "Radia", "Frances"].entries()) {
      const result: any = await app.graphql({ query: CREATE_AUTHOR, variables: { input: { name, age: 300 + i } } });
      created.push(result.data.createAuthor.id);
    }
    const listed: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const page: any = await app.graphql({
        query: LIST_AUTHORS,
        variables: { filter: { and: [{ age: { between: [300, 399] } }, { not: { name: { eq: "Karen" } } }] }, limit: 2, nextToken },
      });
      listed.push(...page.data.listAuthors.items.map((item: { id: string }) => item.id));
      nextToken = page.data.listAuthors.nextToken;
      pages++;
    } while (nextToken && pages < 10);
    expect(pages).toBe(2);
    expect(listed.sort()).toEqual(created.filter((_, i) => i !== 2).sort());
  });

  it("hears onCreateAuthor(filter) only for entries the filter matches", async () => {
    const app = client();
    const heard = { events: [] as any[] };
    subscriptions.push(
      app.graphql({ query: ON_CREATE_AUTHOR, variables: { filter: { age: { gt: 900 } } } }).subscribe({ next: (value: any) => void heard.events.push(value) }),
    );
    const wanted: string[] = [];
    await expect
      .poll(async () => {
        await app.graphql({ query: CREATE_AUTHOR, variables: { input: { name: "Young", age: 1 } } });
        const result: any = await app.graphql({ query: CREATE_AUTHOR, variables: { input: { name: "Old", age: 901 } } });
        wanted.push(result.data.createAuthor.id);
        return heard.events.length;
      }, { timeout: 20_000, interval: 300 })
      .toBeGreaterThan(0);
    for (const event of heard.events) {
      expect(event.data.onCreateAuthor.name).toBe("Old");
      expect(wanted).toContain(event.data.onCreateAuthor.id);
    }
  });
});
