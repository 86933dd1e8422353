// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import { setLiveVersion } from "../../../server/projectEndpoint/live";
import { freePort, startTestPlatform, uniqueEmail } from "../harness";
import { ServerProcess } from "../security/serverProcess";
import { libraryModel } from "./fixture";
import { csvClient } from "./csvClient";

/**
 * 'An import that is interrupted (server killed, connection lost) resumes from where it
 * stopped, and retrying the same file never creates duplicates.' A real server process imports
 * 100,000 rows and is killed with SIGKILL twice, at random points of the import; after the last
 * restart every row is there exactly once.
 */
const ROWS = 100_000;
const dataDir = mkdtempSync(join(tmpdir(), "baukasten-csv-resume-"));
const PUBLIC_URL = "http://csv-resume.test";
const started: ServerProcess[] = [];

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  // A fresh port each time: the killed process's port may linger.
  const server = new ServerProcess(await freePort(), { DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: "silent" });
  started.push(server);
  await server.ready();
  return server;
}

/** A project with the library model made live and an API key, written by an in-process platform on the directory. */
async function seed() {
  const platform = await startTestPlatform({ DATA_DIR: dataDir, PUBLIC_URL });
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

const file = () => {
  const lines = ["name,age,email"];
  for (let n = 1; n <= ROWS; n++) lines.push(`Row ${n},${n % 1000},row${n}@example.com`);
  return `${lines.join("\r\n")}\r\n`;
};

// The servers run on the embedded default (a data directory), as in publishing/restart.soak.test.ts.
describe.skipIf(process.env.TEST_DATABASE_URL)("an import killed mid-way", () => {
  it("resumes after each restart and writes every one of 100,000 rows exactly once", { timeout: 600_000 }, async () => {
    const { apiId, apiKey } = await seed();
    const auth = { apiKey };
    const body = file();
    let server = await start();
    let csv = csvClient(server.url, apiId);
    const upload = await csv.upload(body, { table: "Author", auth });
    expect(upload.status).toBe(201);
    const importId = upload.import.id as string;

    // Two kills, each once the import has passed a random number of rows.
    for (const [from, to] of [
      [2_000, 40_000],
      [45_000, 90_000],
    ]) {
      const killAt = from + Math.floor(Math.random() * (to - from));
      for (;;) {
        const current = (await csv.status(importId, auth)).import;
        if (current.status === "DONE" || current.rowsDone >= killAt) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await server.kill("SIGKILL");
      server = await start();
      csv = csvClient(server.url, apiId);
      const resumed = (await csv.status(importId, auth)).import;
      expect(resumed.rowsDone).toBeLessThanOrEqual(ROWS);
    }

    // The client retries the same upload (its answer was lost): the same import, nothing doubled.
    const retried = await csv.upload(body, { table: "Author", auth });
    expect(retried.status).toBe(200);
    expect(retried.import.id).toBe(importId);

    const done = await csv.finished(importId, auth, 300_000);
    expect(done).toMatchObject({ status: "DONE", rowsDone: ROWS, rowsFailed: 0 });
    const exported = await csv.download("export.csv?table=Author", auth);
    const [header, ...rows] = Papa.parse<string[]>(exported.text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const names = rows.map((row) => row[header.indexOf("name")]);
    expect(names).toHaveLength(ROWS);
    expect(new Set(names).size).toBe(ROWS);
  });
});
