// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { createDatabase, startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";
import { libraryModel } from "./projectEndpoint/fixture";
import { publishableModel } from "./publishing/models";
import { setLiveVersion } from "../../server/projectEndpoint/live";
import { removeField, type SchemaModel } from "../../src/domain/model";
import { createAuthors, DELETE, untilListening, watchProgress, type Call } from "./projectEndpoint/deleteByFilterCalls";
import { DELETE_CHUNK } from "../../server/projectEndpoint/entries/entries";

/*
 * Several servers behind a load balancer on one PostgreSQL: three platforms, each with its own
 * pubsub and change follower, share one database (and one directory for objects, as they would
 * share a bucket). What one server commits, a subscriber on another hears; a client that comes
 * back on another server with the last sequence it saw gets what it missed, once; a sign-out
 * through one server holds on every other at once.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

let database: Awaited<ReturnType<typeof createDatabase>>;
let objectsDir: string;
let a: TestPlatform;
let b: TestPlatform;
let c: TestPlatform;
const clients: Client[] = [];

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createDatabase(adminUrl);
  objectsDir = mkdtempSync(join(tmpdir(), "bk-servers-"));
  const shared = { DATABASE_URL: database.url, DATA_DIR: objectsDir };
  a = await startTestPlatform(shared);
  // One public address for all three, as behind a load balancer: tokens name it as their issuer.
  b = await startTestPlatform({ ...shared, PUBLIC_URL: a.url });
  c = await startTestPlatform({ ...shared, PUBLIC_URL: a.url });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  for (const server of [a, b, c]) await server?.close();
  await database?.drop();
  if (objectsDir) rmSync(objectsDir, { recursive: true, force: true });
});

type Result = { data?: any; errors?: unknown; extensions?: { sequence?: number } };

/** A graphql-ws subscription on a server's /graphql or a project's /p/<apiId>/graphql. */
function subscribe(server: TestPlatform, path: string, query: string, variables: Record<string, unknown>, connectionParams: Record<string, unknown>) {
  const client = createClient({ url: `${server.url.replace("http", "ws")}${path}`, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
  clients.push(client);
  const results: Result[] = [];
  const ended = new Promise<unknown>((resolve) =>
    client.subscribe({ query, variables }, { next: (result) => void results.push(result as Result), error: resolve, complete: () => resolve(undefined) }),
  );
  return { results, ended, close: () => client.dispose() };
}

async function ownerWithOrg(server: TestPlatform) {
  const owner = await server.signUp(uniqueEmail("owner"));
  const org = await server.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  return { ...owner, orgId: org.data.createOrg.org.id as string };
}

async function projectOf(server: TestPlatform, owner: { token: string; orgId: string }, name: string) {
  const api = await server.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: owner.orgId, name } }, owner.token);
  return api.data.createApi.api.id as string;
}

/** A live library project (Author, Book) with an API key, made live directly as the project API's tests do. */
async function liveLibrary(owner: { token: string; orgId: string }) {
  const apiId = await projectOf(a, owner, "Library");
  await a.platform.db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v1`, version: 1, model: libraryModel() }));
  const { key } = await a.platform.apiKeys.insertKey(a.platform.db, apiId);
  const call = async (server: TestPlatform, query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${server.url}/p/${apiId}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as Result;
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const createAuthor = (server: TestPlatform, name: string) => call(server, `mutation ($name: String!) { createAuthor(input: { name: $name }) { id } }`, { name });
  return { apiId, key, createAuthor };
}

const ON_CREATE_AUTHOR = `subscription { onCreateAuthor { name } }`;
const names = (results: Result[]) => results.map((result) => result.data?.onCreateAuthor?.name as string);

/**
 * Writes through `server` until the subscriber hears it (graphql-ws does not say when a
 * subscription is registered), then one marker: once the marker is heard, nothing written
 * before it is still on its way.
 */
async function untilHeard(subscription: { results: Result[] }, write: (text: string) => Promise<unknown>) {
  await expect
    .poll(async () => {
      await write(`probe-${Math.random().toString(36).slice(2)}`);
      return subscription.results.length;
    }, { timeout: 20_000, interval: 100 })
    .toBeGreaterThan(0);
  const marker = `marker-${Math.random().toString(36).slice(2)}`;
  await write(marker);
  await expect.poll(() => JSON.stringify(subscription.results), { timeout: 10_000 }).toContain(marker);
  subscription.results.length = 0;
}

describe.skipIf(!adminUrl)("three servers on one PostgreSQL", () => {
  it("a subscriber on C hears the role changes made through A and B", async () => {
    const owner = await ownerWithOrg(a);
    const roles = subscribe(c, "/graphql", `subscription ($orgId: ID!) { onRoleChangedInOrg(orgId: $orgId) { change role { userEmail type } } }`, { orgId: owner.orgId }, { Authorization: owner.token });
    const invite = (server: TestPlatform, email: string) =>
      server.graphql(`mutation ($input: CreateRoleInput!) { createRole(input: $input) { role { id } } }`, { input: { orgId: owner.orgId, userEmail: email, type: "GUEST" } }, owner.token);
    await untilHeard(roles, (text) => invite(a, `${text}@example.com`));

    const invited = await invite(a, "dev@example.com");
    expect(invited.errors).toBeUndefined();
    const updated = await b.graphql(`mutation ($input: UpdateRoleInput!) { updateRole(input: $input) { id } }`, { input: { id: invited.data.createRole.role.id, type: "DEV" } }, owner.token);
    expect(updated.errors).toBeUndefined();
    await expect.poll(() => roles.results.length, { timeout: 10_000 }).toBe(2);
    expect(roles.results.map((result) => result.data?.onRoleChangedInOrg)).toEqual([
      { change: "CREATED", role: { userEmail: "dev@example.com", type: "GUEST" } },
      { change: "UPDATED", role: { userEmail: "dev@example.com", type: "DEV" } },
    ]);
    // Every event names its place in the change log, for a reconnect to resume from.
    const [first, second] = roles.results.map((result) => result.extensions?.sequence ?? 0);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
  });

  it("a subscriber on C hears every publishing state of a project published through B, whichever server runs the job", async () => {
    const owner = await ownerWithOrg(a);
    const apiId = await projectOf(a, owner, "Shop");
    const saved = await a.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: apiId, schema: JSON.stringify(publishableModel(1)) } }, owner.token);
    expect(saved.errors).toBeUndefined();
    const updates = subscribe(c, "/graphql", `subscription ($id: ID!) { onUpdateApi(id: $id) { state } }`, { id: apiId }, { Authorization: owner.token });
    // The subscription answers the current state first: then it is registered.
    await expect.poll(() => updates.results.length, { timeout: 10_000 }).toBe(1);
    const published = await b.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { state } } }`, { input: { apiId } }, owner.token);
    expect(published.errors).toBeUndefined();
    await expect.poll(() => updates.results.at(-1)?.data?.onUpdateApi.state, { timeout: 20_000 }).toBe("PUBLISHED");
    expect(updates.results.map((result) => result.data?.onUpdateApi.state)).toEqual([
      "INITIALIZED",
      "PUBLISHING",
      "PUBLISHING_PREPARE",
      "PUBLISHING_SCHEMA",
      "PUBLISHING_RESOLVERS",
      "PUBLISHED",
    ]);
  });

  it("a subscriber on C hears a table's creates made through A and B", async () => {
    const owner = await ownerWithOrg(a);
    const library = await liveLibrary(owner);
    const created = subscribe(c, `/p/${library.apiId}/graphql`, ON_CREATE_AUTHOR, {}, { "x-api-key": library.key });
    await untilHeard(created, (text) => library.createAuthor(a, text));
    await library.createAuthor(a, "through A");
    await library.createAuthor(b, "through B");
    await expect.poll(() => names(created.results), { timeout: 10_000 }).toEqual(["through A", "through B"]);
  });

  it("a client that missed 50 events and reconnects to another server with its last sequence receives all 50, each once", async () => {
    const owner = await ownerWithOrg(a);
    const library = await liveLibrary(owner);
    const before = subscribe(c, `/p/${library.apiId}/graphql`, ON_CREATE_AUTHOR, {}, { "x-api-key": library.key });
    await untilHeard(before, (text) => library.createAuthor(a, text));
    await library.createAuthor(b, "last seen");
    await expect.poll(() => names(before.results), { timeout: 10_000 }).toEqual(["last seen"]);
    const lastSequence = before.results[0].extensions?.sequence;
    expect(lastSequence).toBeGreaterThan(0);
    await before.close();

    const missed = Array.from({ length: 50 }, (_, index) => `missed ${index}`);
    for (const [index, name] of missed.entries()) await library.createAuthor(index % 2 ? a : b, name);

    const after = subscribe(b, `/p/${library.apiId}/graphql`, ON_CREATE_AUTHOR, {}, { "x-api-key": library.key, lastSequence });
    await expect.poll(() => after.results.length, { timeout: 10_000 }).toBe(50);
    expect(names(after.results)).toEqual(missed);
    // Live again: the next write arrives once, after the replay, and nothing of the replay twice.
    await library.createAuthor(c, "live again");
    await expect.poll(() => names(after.results).at(-1), { timeout: 10_000 }).toBe("live again");
    expect(names(after.results)).toEqual([...missed, "live again"]);
    const sequences = after.results.map((result) => result.extensions?.sequence ?? 0);
    expect(sequences.every((sequence, index) => sequence > (index === 0 ? lastSequence! : sequences[index - 1]))).toBe(true);
  });

  it("a bulk create through A is heard on C once per entry, in order, each with its own sequence; a client that saw part of it resumes on B with the rest", async () => {
    const owner = await ownerWithOrg(a);
    const library = await liveLibrary(owner);
    const live = subscribe(c, `/p/${library.apiId}/graphql`, ON_CREATE_AUTHOR, {}, { "x-api-key": library.key });
    await untilHeard(live, (text) => library.createAuthor(a, text));
    const bulk = Array.from({ length: 40 }, (_, index) => `bulk ${index}`);
    const BATCH = `mutation ($input: [CreateAuthorInput!]!) { batchCreateAuthor(input: $input) { id } }`;
    const response = await fetch(`${a.url}/p/${library.apiId}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": library.key },
      body: JSON.stringify({ query: BATCH, variables: { input: bulk.map((name) => ({ name })) } }),
    });
    expect(((await response.json()) as Result).errors).toBeUndefined();
    await expect.poll(() => live.results.length, { timeout: 10_000 }).toBe(40);
    expect(names(live.results)).toEqual(bulk);
    const sequences = live.results.map((result) => result.extensions?.sequence ?? 0);
    expect(sequences.every((sequence, index) => index === 0 || sequence === sequences[index - 1] + 1)).toBe(true);
    await live.close();

    // Seen up to the 15th entry of the batch: the other 25 are replayed, once each, and nothing before.
    const resumed = subscribe(b, `/p/${library.apiId}/graphql`, ON_CREATE_AUTHOR, {}, { "x-api-key": library.key, lastSequence: sequences[14] });
    await expect.poll(() => resumed.results.length, { timeout: 10_000 }).toBe(25);
    expect(names(resumed.results)).toEqual(bulk.slice(15));
    expect(resumed.results.map((result) => result.extensions?.sequence)).toEqual(sequences.slice(15));
    await library.createAuthor(c, "live again");
    await expect.poll(() => names(resumed.results).at(-1), { timeout: 10_000 }).toBe("live again");
    expect(names(resumed.results)).toEqual([...bulk.slice(15), "live again"]);
  });

  it("a republish through A switches B and C at their next request; a request in flight on C finishes on the old version", async () => {
    const owner = await ownerWithOrg(a);
    const apiId = await projectOf(a, owner, "Switch");
    const v1 = publishableModel(1);
    const item = v1.objectTypes.find((type) => type.name === "Item1")!;
    const v2 = removeField(v1, item.id, item.fields.find((field) => field.name === "price")!.id);
    const publish = async (model: SchemaModel) => {
      const published = await a.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`, { input: { apiId, schema: JSON.stringify(model) } }, owner.token);
      expect(published.errors).toBeUndefined();
      // Read through B: the state it sees committed is the version it serves.
      await expect.poll(async () => (await b.graphql(`query ($id: ID!) { api(id: $id) { state } }`, { id: apiId }, owner.token)).data.api.state, { timeout: 20_000, interval: 20 }).toBe("PUBLISHED");
    };
    const call = async (server: TestPlatform, query: string, variables: Record<string, unknown> = {}) => {
      const response = await fetch(`${server.url}/p/${apiId}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: owner.token },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: any; errors?: { message: string }[] };
    };
    const WITH_PRICE = `{ listItem1 { items { title price } } }`;
    await publish(v1);
    const created = await call(b, `mutation { createItem1(input: { title: "Lamp", price: 19.5 }) { id } }`);
    expect(created.errors).toBeUndefined();
    const itemId = created.data.createItem1.id as string;
    for (const server of [b, c]) expect((await call(server, WITH_PRICE)).data.listItem1.items).toEqual([{ title: "Lamp", price: 19.5 }]);

    // A write through C held on its row's lock: it has read the live version (v1) and is running on it.
    const { default: pg } = await import("pg");
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select id from project_entries where id = $1 for update", [itemId]);
      const inFlight = call(c, `mutation ($id: ID!) { updateItem1(input: { id: $id, title: "Desk lamp" }) { title price } }`, { id: itemId });
      await expect
        .poll(async () => (await holder.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0].n, { timeout: 20_000, interval: 20 })
        .toBe(1);

      await publish(v2);
      // No restart and no wait: B's and C's next requests are on v2, which has no price.
      for (const server of [b, c]) {
        const answer = await call(server, WITH_PRICE);
        expect(answer.errors?.[0].message).toMatch(/price/);
        expect((await call(server, `{ listItem1 { items { title } } }`)).data.listItem1.items).toEqual([{ title: "Lamp" }]);
      }

      await holder.query("commit");
      // The request that started on v1 answers as v1 does, price included.
      expect(await inFlight).toEqual({ data: { updateItem1: { title: "Desk lamp", price: 19.5 } } });
    } finally {
      await holder.end();
    }
  });

  it("a delete by filter through A: its progress and the Logs screen's notice reach subscribers on C", async () => {
    const owner = await ownerWithOrg(a);
    const library = await liveLibrary(owner);
    const throughA: Call = async (query, variables = {}) => {
      const response = await fetch(`${a.url}/p/${library.apiId}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": library.key },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    };
    const progress = watchProgress(c.url, library.apiId, library.key);
    await untilListening(throughA, progress);
    // The Logs screen on C hears of the activities written through A.
    const activity = subscribe(c, "/graphql", `subscription ($apiId: ID!) { onProjectActivity(apiId: $apiId) { apiId } }`, { apiId: library.apiId }, { Authorization: owner.token });
    await expect
      .poll(async () => (await library.createAuthor(a, "probe"), activity.results.length), { timeout: 20_000, interval: 100 })
      .toBeGreaterThan(0);
    expect(activity.results[0].data).toEqual({ onProjectActivity: { apiId: library.apiId } });

    const total = DELETE_CHUNK + 50;
    await createAuthors(throughA, total, 70);
    const deleted = await throughA(DELETE, { filter: JSON.stringify({ age: { eq: 70 } }), deletionId: "across" });
    expect(deleted.data.deleteTypes.deletedCount).toBe(total);
    await expect.poll(() => progress.filter((heard) => heard.deletionId === "across"), { timeout: 10_000 }).toEqual([
      { deletionId: "across", deleted: DELETE_CHUNK, total, finished: false },
      { deletionId: "across", deleted: total, total, finished: true },
    ]);
  });

  it("a member signed out through A is refused by B at once", async () => {
    const member = await a.signUp(uniqueEmail("member"));
    const viewer = `{ viewer { email } }`;
    // B has answered this token before the sign-out.
    expect((await b.graphql(viewer, {}, member.token)).data?.viewer?.email).toBe(member.email);
    const response = await fetch(`${a.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.GlobalSignOut" },
      body: JSON.stringify({ AccessToken: member.token }),
    });
    expect(response.status).toBe(200);
    const after = await b.graphql(viewer, {}, member.token);
    expect(after.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
