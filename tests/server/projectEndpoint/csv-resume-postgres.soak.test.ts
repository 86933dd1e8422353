// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import { setLiveVersion } from "../../../server/projectEndpoint/live";
import { createDatabase, freePort, startTestPlatform, TEST_SECRET_KEY, uniqueEmail } from "../harness";
import { ServerProcess } from "../security/serverProcess";
import { libraryModel } from "./fixture";
import { csvClient } from "./csvClient";

/**
 * 'An import that is interrupted (server killed, connection lost)
 * resumes from where it stopped.' With PostgreSQL no data-directory lock says the killed server
 * is gone, so the import waits for its job's lease; the lease is short and renewed while the
 * import runs, so another server takes the import over within seconds, and every row is there
 * exactly once.
 */
const ROWS = 40_000;
const TAKEOVER_MS = 60_000;
const objectsDir = mkdtempSync(join(tmpdir(), "baukasten-csv-resume-pg-"));
const PUBLIC_URL = "http://csv-resume-pg.test";
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) await server.kill();
  for (const cleanup of cleanups) await cleanup();
  rmSync(objectsDir, { recursive: true, force: true });
});

async function start(databaseUrl: string) {
  // A fresh port each time: the killed process's port may linger.
  const server = new ServerProcess(await freePort(), { DATABASE_URL: databaseUrl, SECRET_KEY: TEST_SECRET_KEY, DATA_DIR: objectsDir, PUBLIC_URL, LOG_LEVEL: "silent" });
  started.push(server);
  await server.ready();
  return server;
}

/** A project with the library model made live and an API key, on the given database. */
async function seed(databaseUrl: string) {
  const platform = await startTestPlatform({ DATABASE_URL: databaseUrl, DATA_DIR: objectsDir, PUBLIC_URL });
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

describe.skipIf(!process.env.TEST_DATABASE_URL)("an import whose server is killed, on PostgreSQL", () => {
  it("is taken over by the next server within seconds and writes every row exactly once", { timeout: 300_000 }, async () => {
    const database = await createDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(() => database.drop());
    const { apiId, apiKey } = await seed(database.url);
    const auth = { apiKey };
    const first = await start(database.url);
    let csv = csvClient(first.url, apiId);
    const upload = await csv.upload(file(), { table: "Author", auth });
    expect(upload.status).toBe(201);
    const importId = upload.import.id as string;

    for (;;) {
      const current = (await csv.status(importId, auth)).import;
      expect(current.status).not.toBe("DONE");
      if (current.rowsDone >= 2_000) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.kill("SIGKILL");
    const second = await start(database.url);
    const restarted = Date.now();
    csv = csvClient(second.url, apiId);
    const left = (await csv.status(importId, auth)).import;
    expect(left.status).toBe("RUNNING");
    expect(left.rowsDone).toBeLessThan(ROWS);

    // The killed server's lease (LEASE_SECONDS from its last renewal) plus the rest of the rows
    // on a loaded machine — well before the 120 s a long lease made it wait.
    const done = await csv.finished(importId, auth, TAKEOVER_MS);
    expect(Date.now() - restarted).toBeLessThan(TAKEOVER_MS);
    expect(done).toMatchObject({ status: "DONE", rowsDone: ROWS, rowsFailed: 0 });
    const exported = await csv.download("export.csv?table=Author", auth);
    const [header, ...rows] = Papa.parse<string[]>(exported.text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const names = rows.map((row) => row[header.indexOf("name")]);
    expect(names).toHaveLength(ROWS);
    expect(new Set(names).size).toBe(ROWS);
  });
});
