// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { sql } from "kysely";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { libraryModel } from "../projectEndpoint/fixture";
import { setLiveVersion } from "../../../server/projectEndpoint/live";
import { RESYNC_CLOSE_CODE } from "../../../server/changes/resume";

/*
 * A client that comes back with a lastSequence whose following events the change log no longer
 * keeps (older than its retention) cannot be replayed what it missed: it is told so — the socket
 * closes with RESYNC_CLOSE_CODE and the subscription is refused — instead of going live as if
 * nothing had been missed. Within the retention the same resume replays the missed events.
 */
let t: TestPlatform;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await t?.close();
});

type Result = { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[]; extensions?: { sequence?: number } };

function subscribe(path: string, query: string, connectionParams: Record<string, unknown>, variables: Record<string, unknown> = {}) {
  const closes: number[] = [];
  const client = createClient({
    url: `${t.url.replace("http", "ws")}${path}`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    on: { closed: (event) => void closes.push((event as { code: number }).code) },
  });
  clients.push(client);
  const results: Result[] = [];
  let failure: unknown;
  const ended = new Promise<void>((resolve) =>
    client.subscribe({ query, variables }, { next: (result) => void results.push(result as Result), error: (error) => ((failure = error), resolve()), complete: resolve }),
  );
  return { results, closes, ended, failure: () => failure, close: () => client.dispose() };
}

const ON_CREATE_AUTHOR = `subscription { onCreateAuthor { name } }`;

async function library() {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation { createOrg(input: { name: "Acme" }) { org { id } } }`, {}, owner.token);
  const api = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Library" } }, owner.token);
  const apiId = api.data.createApi.api.id as string;
  await t.platform.db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v1`, version: 1, model: libraryModel() }));
  const { key } = await t.platform.apiKeys.insertKey(t.platform.db, apiId);
  const createAuthor = async (name: string) => {
    const response = await fetch(`${t.url}/p/${apiId}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ query: `mutation ($name: String!) { createAuthor(input: { name: $name }) { id } }`, variables: { name } }),
    });
    expect(((await response.json()) as Result).errors).toBeUndefined();
  };
  return { owner, apiId, key, createAuthor };
}

/** The sequence of the last event heard by a subscription that listens until it hears `name`. */
async function lastSequenceAfter(path: string, params: Record<string, unknown>, write: (name: string) => Promise<void>) {
  const live = subscribe(path, ON_CREATE_AUTHOR, params);
  await expect
    .poll(async () => {
      await write(`probe-${Math.random().toString(36).slice(2)}`);
      return live.results.length;
    }, { timeout: 20_000, interval: 100 })
    .toBeGreaterThan(0);
  await write("seen");
  await expect.poll(() => live.results.at(-1)?.data?.onCreateAuthor.name, { timeout: 10_000 }).toBe("seen");
  await live.close();
  return live.results.at(-1)!.extensions!.sequence!;
}

describe("a resume from before the change log's retention", () => {
  it("replays within the retention, and once the missed events were dropped closes the socket with the resync code instead of going live silently", async () => {
    const { apiId, key, createAuthor } = await library();
    const path = `/p/${apiId}/graphql`;
    const lastSequence = await lastSequenceAfter(path, { "x-api-key": key }, createAuthor);
    await createAuthor("missed 1");
    await createAuthor("missed 2");

    const within = subscribe(path, ON_CREATE_AUTHOR, { "x-api-key": key, lastSequence });
    await expect.poll(() => within.results.map((result) => result.data?.onCreateAuthor.name), { timeout: 10_000 }).toEqual(["missed 1", "missed 2"]);
    await within.close();

    // The retention dropped the first missed event (and everything before it).
    await sql`delete from changes where seq <= ${String(lastSequence + 1)}`.execute(t.platform.db);
    const beyond = subscribe(path, ON_CREATE_AUTHOR, { "x-api-key": key, lastSequence });
    await beyond.ended;
    expect(beyond.closes).toEqual([RESYNC_CLOSE_CODE]);
    expect(beyond.results).toEqual([]);

    // Without lastSequence (what the console sends after the resync) it goes live from now.
    const fresh = subscribe(path, ON_CREATE_AUTHOR, { "x-api-key": key });
    await expect
      .poll(async () => {
        await createAuthor("after resync");
        return fresh.results.length;
      }, { timeout: 20_000, interval: 100 })
      .toBeGreaterThan(0);
    expect(fresh.closes).toEqual([]);
  });

  it("on the console's /graphql too, also when the whole log was dropped", async () => {
    const { owner, apiId, createAuthor } = await library();
    const onUpdateApi = `subscription ($id: ID!) { onUpdateApi(id: $id) { id } }`;
    await createAuthor("a change");
    const { rows } = await sql<{ seq: string }>`select max(seq) as seq from changes`.execute(t.platform.db);
    const lastSequence = Number(rows[0].seq);
    await createAuthor("dropped");
    await sql`delete from changes`.execute(t.platform.db);
    const beyond = subscribe(`/graphql`, onUpdateApi, { Authorization: owner.token, lastSequence }, { id: apiId });
    await beyond.ended;
    expect(beyond.closes).toEqual([RESYNC_CLOSE_CODE]);

    // Nothing written since: the same resume is no loss, and goes live.
    const current = subscribe(`/graphql`, onUpdateApi, { Authorization: owner.token, lastSequence: lastSequence + 1 }, { id: apiId });
    await expect.poll(() => current.results.length, { timeout: 10_000 }).toBe(1);
    expect(current.closes).toEqual([]);
  });
});
