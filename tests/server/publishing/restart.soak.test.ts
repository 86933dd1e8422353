// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startTestPlatform, uniqueEmail } from "../harness";
import { ServerProcess } from "../security/serverProcess";
import { publishableModel } from "./models";

/**
 * 'A server killed (kill -9) during any publishing state resumes or fails that run
 * cleanly on restart: no project stays in a PUBLISHING state, no run stays IN_PROGRESS.'
 * Publishing takes milliseconds, so where the kill lands is made certain afterwards: the
 * database is set to what a kill during each state leaves behind — the project in that state,
 * the run IN_PROGRESS and its job still leased to the dead worker for two minutes.
 */
const dataDir = mkdtempSync(join(tmpdir(), "baukasten-publish-"));
// Tokens name their issuer by the public address, so every server here shares one.
const PUBLIC_URL = "http://publish-restart.test";
const started: ServerProcess[] = [];

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = new ServerProcess(await freePort(), { DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: "silent" });
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

const PUBLISH = `mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`;
const API = `query ($id: ID!) { api(id: $id) { state graphqlUrl publishRuns { edges { node { id status } } } } }`;

/** An owner with three projects holding a publishable model, made by an in-process platform on the directory. */
async function seed() {
  const platform = await startTestPlatform({ DATA_DIR: dataDir, PUBLIC_URL });
  try {
    const owner = await platform.signUp(uniqueEmail("owner"));
    const org = await platform.graphql(`mutation { createOrg(input: { name: "Acme" }) { org { id } } }`, {}, owner.token);
    const apiIds: string[] = [];
    for (const name of ["Resumed", "Failed", "Orphaned"]) {
      const created = await platform.graphql(
        `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`,
        { input: { orgId: org.data.createOrg.org.id, name } },
        owner.token,
      );
      const apiId = created.data.createApi.api.id as string;
      await platform.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: apiId, schema: JSON.stringify(publishableModel(20)) } }, owner.token);
      apiIds.push(apiId);
    }
    return { token: owner.token, apiIds };
  } finally {
    await platform.close();
  }
}

/** Sets the database of the stopped server to what a kill -9 in `state` leaves behind. */
async function killedDuring(db: PGlite, apiId: string, state: string) {
  await db.query(`update apis set state = $1 where id = $2`, [state, apiId]);
  await db.query(`update publish_runs set status = 'IN_PROGRESS' where api_id = $1`, [apiId]);
  await db.query(`update jobs set state = 'RUNNING', locked_until = now() + interval '2 minutes' where payload->>'runId' like $1`, [`${apiId}-v%`]);
}

// The servers here run on the embedded default (their data directory is PGlite, edited directly
// between runs), so the test belongs to the PGlite stage; the recovery's SQL is the same on both.
describe.skipIf(process.env.TEST_DATABASE_URL)("kill -9 during publishing", () => {
  it("resumes or fails every run on restart; no project stays PUBLISHING", async () => {
    const { token, apiIds } = await seed();
    const [resumed, failed, orphaned] = apiIds;

    const a = await start();
    await a.ready();
    for (const apiId of [resumed, failed]) {
      const { errors } = await call(a.url, token, PUBLISH, { input: { apiId } });
      expect(errors).toBeUndefined();
    }
    await a.kill("SIGKILL");

    const db = new PGlite(join(dataDir, "pg"));
    await killedDuring(db, resumed, "PUBLISHING_SCHEMA");
    await killedDuring(db, failed, "PUBLISHING_RESOLVERS");
    // Support took the cloud account away meanwhile: resuming this run must fail it.
    await db.query(`update apis set aws_account_id = null where id = $1`, [failed]);
    // A project in a publishing state whose run is gone.
    await db.query(`update apis set state = 'PUBLISHING_PREPARE' where id = $1`, [orphaned]);
    await db.close();

    const b = await start();
    await b.ready();
    // Ready means recovered: nothing waits for the dead worker's two-minute lease.
    const states = async (apiId: string) => (await call(b.url, token, API, { id: apiId })).data.api;
    expect(await states(resumed)).toEqual({
      state: "PUBLISHED",
      graphqlUrl: `${PUBLIC_URL}/p/${resumed}/graphql`,
      publishRuns: { edges: [{ node: { id: `${resumed}-v1`, status: "SUCCEEDED" } }] },
    });
    expect(await states(failed)).toMatchObject({
      state: "PUBLISHING_FAILED",
      publishRuns: { edges: [{ node: { id: `${failed}-v1`, status: "FAILED" } }] },
    });
    expect(await states(orphaned)).toMatchObject({ state: "PUBLISHING_FAILED", publishRuns: { edges: [] } });

    // The dead worker's job, once its lease runs out, finds its run over and changes nothing.
    await b.kill("SIGTERM");
  }, 400_000);
});
