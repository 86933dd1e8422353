// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, freePort, startTestPlatform, TEST_SECRET_KEY, uniqueEmail } from "../harness";
import { ServerProcess } from "../security/serverProcess";
import { publishableModel } from "./models";

/*
 * Three server processes on one PostgreSQL; the one running a publish is killed -9 with the job
 * leased to it, and one of the other two finishes the publish once the lease runs out.
 *
 * Publishing takes milliseconds, so the kill is made to land mid-way without anything in the
 * product: the test holds a lock on project_live_versions, so the worker's last step (which
 * switches the endpoint) waits on it inside its transaction, with the project in
 * PUBLISHING_RESOLVERS and the job RUNNING under a heartbeat lease. Each server names itself to
 * PostgreSQL (application_name), so pg_stat_activity says which one waits: that one is killed.
 * Its open transaction never commits (its connection is gone), so the step is redone by the
 * server that takes the job over. A soak test (`npm run soak`): three server processes start, which on
 * a shared machine takes longer than the server suite should wait.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = "http://killed-mid-publish.test";
const NAMES = ["server-a", "server-b", "server-c"];
const objectsDir = mkdtempSync(join(tmpdir(), "baukasten-killed-publish-"));
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) await server.kill();
  for (const cleanup of cleanups) await cleanup();
  rmSync(objectsDir, { recursive: true, force: true });
});

/** The database's URL with the name a server's connections show in pg_stat_activity. */
function namedUrl(databaseUrl: string, name: string) {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", name);
  return url.toString();
}

async function start(databaseUrl: string, name: string) {
  const env = { DATABASE_URL: namedUrl(databaseUrl, name), SECRET_KEY: TEST_SECRET_KEY, DATA_DIR: objectsDir, PUBLIC_URL, LOG_LEVEL: "silent" };
  const server = new ServerProcess(await freePort(), env);
  started.push(server);
  return server;
}

async function call(base: string, token: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string }[] };
}

/** An owner and a project holding a publishable model, made by an in-process platform (which migrates the database). */
async function seed(databaseUrl: string) {
  const platform = await startTestPlatform({ DATABASE_URL: databaseUrl, DATA_DIR: objectsDir, PUBLIC_URL });
  try {
    const owner = await platform.signUp(uniqueEmail("owner"));
    const org = await platform.graphql(`mutation { createOrg(input: { name: "Acme" }) { org { id } } }`, {}, owner.token);
    const created = await platform.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Shop" } }, owner.token);
    const apiId = created.data.createApi.api.id as string;
    const saved = await platform.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: apiId, schema: JSON.stringify(publishableModel(3)) } }, owner.token);
    expect(saved.errors).toBeUndefined();
    return { token: owner.token, apiId };
  } finally {
    await platform.close();
  }
}

const PUBLISH = `mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`;
const API = `query ($id: ID!) { api(id: $id) { state graphqlUrl publishRuns { edges { node { id status } } } } }`;

describe.skipIf(!adminUrl)("kill -9 of the server running a publish, three servers on one PostgreSQL", () => {
  it("another server takes the leased job over and the project ends PUBLISHED, never staying PUBLISHING", { timeout: 300_000 }, async () => {
    const { default: pg } = await import("pg");
    const database = await createDatabase(adminUrl!);
    cleanups.push(() => database.drop());
    const { token, apiId } = await seed(database.url);
    const servers = await Promise.all(NAMES.map((name) => start(database.url, name)));
    await Promise.all(servers.map((server) => server.ready()));

    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    cleanups.unshift(() => blocker.end());
    await blocker.query(`begin`);
    // Reads of the live versions go on; the publish's switch to the new version waits.
    await blocker.query(`lock table project_live_versions in exclusive mode`);

    const published = await call(servers[0].url, token, PUBLISH, { input: { apiId } });
    expect(published.errors).toBeUndefined();
    const runId = published.data.createPublishRun.publishRun.id as string;

    // The server whose publish waits on the lock: the one running the job (server A, unless B or C polled first).
    let holder = "";
    await expect
      .poll(
        async () => {
          const waiting = await blocker.query(`select application_name from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and application_name = any($1)`, [NAMES]);
          holder = waiting.rows[0]?.application_name ?? "";
          return holder;
        },
        { timeout: 60_000, interval: 100 },
      )
      .not.toBe("");
    const job = await blocker.query(`select state, locked_until > now() as leased from jobs where payload->>'runId' = $1`, [runId]);
    expect(job.rows).toEqual([{ state: "RUNNING", leased: true }]);
    const mid = await blocker.query(`select state from apis where id = $1`, [apiId]);
    expect(mid.rows[0].state).toBe("PUBLISHING_RESOLVERS");

    const killed = servers[NAMES.indexOf(holder)];
    await killed.kill("SIGKILL");
    // The dead server's transaction, let through now, finds its connection gone and rolls back.
    await blocker.query(`commit`);

    const survivors = servers.filter((server) => server !== killed);
    // Neither the dead server's transaction nor anything else finished it: still publishing until the lease runs out.
    expect((await call(survivors[0].url, token, API, { id: apiId })).data.api.state).toBe("PUBLISHING_RESOLVERS");
    // The lease (LEASE_SECONDS from the last heartbeat) and a poll; the test's timeout bounds it.
    await expect.poll(async () => (await call(survivors[0].url, token, API, { id: apiId })).data.api.state, { timeout: 120_000, interval: 250 }).toBe("PUBLISHED");
    expect((await call(survivors[1].url, token, API, { id: apiId })).data.api).toEqual({
      state: "PUBLISHED",
      graphqlUrl: `${PUBLIC_URL}/p/${apiId}/graphql`,
      publishRuns: { edges: [{ node: { id: runId, status: "SUCCEEDED" } }] },
    });
    const done = await blocker.query(`select j.state, v.run_id from jobs j, project_live_versions v where j.payload->>'runId' = $1 and v.api_id = $2`, [runId, apiId]);
    expect(done.rows).toEqual([{ state: "DONE", run_id: runId }]);
  });
});
