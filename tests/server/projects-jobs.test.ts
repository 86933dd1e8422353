// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "./harness";
import { createJobRunner, type JobRunner } from "../../server/jobs/runner";
import { enqueueJob } from "../../server/jobs/store";

let t: TestPlatform;
const runners: JobRunner[] = [];
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await t?.close();
});

/** A runner of its own on the platform's database; the platform's runner ignores these kinds. */
function runner() {
  const created = createJobRunner(t.platform.db, { pollMs: 100 });
  runners.push(created);
  return created;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const jobState = async (id: string) =>
  (await t.platform.db.selectFrom("jobs").select(["state", "attempts", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow());

describe("jobs", () => {
  it("retries a job that failed and completes it on the next attempt", async () => {
    const jobs = runner();
    let calls = 0;
    jobs.register<{ n: number }>("test.flaky", {
      async run(payload) {
        calls++;
        expect(payload).toEqual({ n: 1 });
        if (calls === 1) throw new Error("temporarily down");
      },
    });
    jobs.start();
    const job = await enqueueJob(t.platform.db, "test.flaky", { n: 1 });
    jobs.kick();
    await until(async () => (await jobState(job.id)).state === "DONE");
    expect(calls).toBe(2);
    expect(await jobState(job.id)).toMatchObject({ attempts: 2, last_error: "temporarily down" });
  });

  it("gives up after the last attempt and says so once", async () => {
    const jobs = runner();
    const gaveUp: unknown[] = [];
    jobs.register("test.broken", {
      run: async () => {
        throw new Error("broken for good");
      },
      giveUp: async (payload, error) => {
        gaveUp.push([payload, (error as Error).message]);
      },
    });
    jobs.start();
    const job = await enqueueJob(t.platform.db, "test.broken", { id: "x" }, 1);
    jobs.kick();
    await until(async () => (await jobState(job.id)).state === "FAILED");
    await until(async () => gaveUp.length > 0);
    expect(gaveUp).toEqual([[{ id: "x" }, "broken for good"]]);
  });

  it("runs each job once, however many workers poll the table", async () => {
    const counts = new Map<string, number>();
    const handler = {
      async run({ key }: { key: string }) {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const a = runner();
    const b = runner();
    a.register("test.once", handler);
    b.register("test.once", handler);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await enqueueJob(t.platform.db, "test.once", { key: `k${i}` })).id);
    a.start();
    b.start();
    await until(async () => {
      const rows = await t.platform.db.selectFrom("jobs").select("state").where("id", "in", ids).execute();
      return rows.every((row) => row.state === "DONE");
    });
    expect([...counts.values()]).toEqual(Array(20).fill(1));
  });
});
