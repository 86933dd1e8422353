import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setLiveVersion } from "../../../server/projectEndpoint/live";
import { DELETE_CHUNK } from "../../../server/projectEndpoint/entries/entries";
import { freePort, startTestPlatform, uniqueEmail } from "../harness";
import { ServerProcess } from "../security/serverProcess";
import { libraryModel } from "./fixture";
import { closeProgressClients, countAuthors, createAuthors, DELETE, removeActivities, untilListening, watchProgress, type Call } from "./deleteByFilterCalls";

/** What a delete by filter killed midway leaves: docs/DECISIONS.md's promise. */
afterAll(closeProgressClients);

// A real server process on a data directory, killed with SIGKILL, as in csv-resume.soak.test.ts.
describe.skipIf(process.env.TEST_DATABASE_URL)("a delete by filter killed midway", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "baukasten-delete-kill-"));
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    const server = new ServerProcess(await freePort(), { DATA_DIR: dataDir, PUBLIC_URL: "http://delete-kill.test", LOG_LEVEL: "silent" });
    started.push(server);
    await server.ready();
    return server;
  }

  async function seed() {
    const platform = await startTestPlatform({ DATA_DIR: dataDir, PUBLIC_URL: "http://delete-kill.test" });
    try {
      const owner = await platform.signUp(uniqueEmail("owner"));
      const org = await platform.graphql(`mutation { createOrg(input: { name: "Bulk" }) { org { id } } }`, {}, owner.token);
      const api = await platform.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Bulk" } }, owner.token);
      const apiId = api.data.createApi.api.id as string;
      await platform.platform.db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v1`, version: 1, model: libraryModel() }));
      const { key } = await platform.platform.apiKeys.insertKey(platform.platform.db, apiId);
      return { apiId, apiKey: key };
    } finally {
      await platform.close();
    }
  }

  const caller = (server: ServerProcess, apiId: string, apiKey: string): Call => async (query, variables = {}) => {
    const response = await fetch(`${server.url}/p/${apiId}/graphql`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": apiKey }, body: JSON.stringify({ query, variables }) });
    return response.json();
  };

  it("keeps the committed chunks deleted with their activities, leaves the rest whole, and a second run deletes the rest", { timeout: 300_000 }, async () => {
    const { apiId, apiKey } = await seed();
    let server = await start();
    let call = caller(server, apiId, apiKey);
    const total = 10 * DELETE_CHUNK;
    await createAuthors(call, total, 70);
    const heard = watchProgress(server.url, apiId, apiKey);
    await untilListening(call, heard);

    const deletion = call(DELETE, { filter: JSON.stringify({ age: { eq: 70 } }), deletionId: "killed" }).catch(() => "connection lost");
    await expect.poll(() => heard.some((progress) => progress.deletionId === "killed"), { timeout: 120_000, interval: 5 }).toBe(true);
    await server.kill("SIGKILL");
    expect(await deletion).toBe("connection lost");

    server = await start();
    call = caller(server, apiId, apiKey);
    const left = await countAuthors(call, { age: { eq: 70 } });
    const deleted = total - left;
    // Whole chunks only, each with an activity per entry, and the kill came before the end.
    expect(deleted % DELETE_CHUNK).toBe(0);
    expect(deleted).toBeGreaterThanOrEqual(DELETE_CHUNK);
    expect(left).toBeGreaterThan(0);
    expect(await removeActivities(call)).toBe(deleted);

    const again = await call(DELETE, { filter: JSON.stringify({ age: { eq: 70 } }), deletionId: "again" });
    expect(again.data.deleteTypes.deletedCount).toBe(left);
    expect(await countAuthors(call, { age: { eq: 70 } })).toBe(0);
    expect(await removeActivities(call)).toBe(total);
  });
});
