// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, TEST_MAILBOX_TOKEN, uniqueEmail } from "../harness";
import { authCall, ServerProcess } from "./serverProcess";

/**
 * "A second npm start on the same data directory … opens PGlite first; the running
 * server then lost 30 of 30 acknowledged writes after kill -9." And 8.4: "Files in the data
 * directory are created world-readable (0666)."
 */
const dataDir = mkdtempSync(join(tmpdir(), "baukasten-lock-"));
const started: ServerProcess[] = [];
const start = async () => {
  const server = new ServerProcess(await freePort(), { DATA_DIR: dataDir });
  started.push(server);
  return server;
};

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function mailedAddresses(base: string, emails: string[]) {
  const found: string[] = [];
  for (const email of emails) {
    const response = await fetch(`${base}/mail.json?to=${encodeURIComponent(email)}&token=${TEST_MAILBOX_TOKEN}`);
    if (((await response.json()) as unknown[]).length > 0) found.push(email);
  }
  return found;
}

function modes(dir: string): { path: string; mode: number; directory: boolean }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const own = { path, mode: statSync(path).mode & 0o777, directory: entry.isDirectory() };
    return entry.isDirectory() ? [own, ...modes(path)] : [own];
  });
}

// The embedded database's lock on its directory: nothing of it runs on PostgreSQL.
describe.skipIf(process.env.TEST_DATABASE_URL)("one server per data directory", () => {
  it("a second server on the same directory exits with one line and A keeps every acknowledged write through kill -9", async () => {
    const a = await start();
    await a.ready();
    const emails = Array.from({ length: 8 }, () => uniqueEmail("ack"));
    for (const email of emails.slice(0, 4)) {
      const response = await authCall(a.url, "SignUp", { Username: email, Password: "Baukasten1", UserAttributes: [{ Name: "email", Value: email }] });
      expect(response.status).toBe(200);
    }

    const b = await start();
    expect(await b.exited).not.toBe(0);
    expect(b.output.trim()).toBe(`Another Baukasten server is using ${dataDir} (pid ${a.child.pid})`);

    for (const email of emails.slice(4)) {
      const response = await authCall(a.url, "SignUp", { Username: email, Password: "Baukasten1", UserAttributes: [{ Name: "email", Value: email }] });
      expect(response.status).toBe(200);
    }
    await a.kill("SIGKILL");

    // The stale lock of the killed process does not keep the restart out.
    const restarted = await start();
    await restarted.ready();
    expect(await mailedAddresses(restarted.url, emails)).toEqual(emails);

    // The directory is 0700, every file in it 0600.
    const entries = modes(dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(entries.filter((e) => e.directory && e.mode !== 0o700)).toEqual([]);
    expect(entries.filter((e) => !e.directory && e.mode !== 0o600)).toEqual([]);
    // The key that unlocks the signing keys lives beside the database, not inside it.
    expect(entries.map((e) => e.path)).toContain(join(dataDir, "secret.key"));
    await restarted.kill("SIGTERM");
  }, 400_000);
});
