// @vitest-environment node
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "../../server/log";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";

const cluster = (command: "start" | "restart" | "stop", dir: string) =>
  execFileSync("bash", ["scripts/pg-cluster.sh", command, dir], { encoding: "utf8" }).trim();

/**
 * PostgreSQL restarting under a running server (a deploy, a failover): the server keeps answering
 * once the database is back. The cluster is this file's own, since restarting the shared one
 * would cut off every other test file. Only on the PostgreSQL run: PGlite lives in the process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL restarts under a running server", () => {
  let dir: string;
  let t: TestPlatform;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "baukasten-pg-"));
    t = await startTestPlatform({ DATABASE_URL: cluster("start", dir) });
  });
  afterAll(async () => {
    await t?.close();
    cluster("stop", dir);
  });

  it("drops the connections PostgreSQL closed, says so in the log, and answers again", async () => {
    const owner = await t.signUp(uniqueEmail("restart"));
    const viewer = async () => (await t.graphql(`{ viewer { email } }`, {}, owner.token)).data?.viewer;
    // Several requests at once leave several idle connections in the pool.
    await Promise.all([viewer(), viewer(), viewer()]);
    const logged = vi.spyOn(log, "error");

    cluster("restart", dir);

    await expect.poll(() => logged.mock.calls.some(([message]) => message.includes("PostgreSQL closed an idle connection"))).toBe(true);
    await expect.poll(async () => (await fetch(`${t.url}/healthz`)).status).toBe(200);
    expect(await viewer()).toEqual({ email: owner.email });
    const created = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "After the restart" } }, owner.token);
    expect(created.errors).toBeUndefined();
  });
});
