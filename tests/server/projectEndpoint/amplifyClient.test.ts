// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { Amplify } from "aws-amplify";
import { generateClient } from "aws-amplify/api";
import { liveProject, type LiveProject } from "./fixture";

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
});
