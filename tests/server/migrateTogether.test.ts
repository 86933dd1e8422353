// @vitest-environment node
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase, type Db } from "../../server/db/database";
import { createDatabase } from "./harness";
import { POSTGRES_TEMPLATE_ENV } from "./testDatabase";

/*
 * Several servers started together on one empty PostgreSQL: each runs its migrations at start,
 * and every migration must run exactly once (kysely's migrator holds an advisory lock for the
 * transaction that migrates; the others wait, then find nothing to do).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
const opened: Db[] = [];

afterAll(async () => {
  for (const db of opened) await db.destroy();
  await database?.drop();
});

describe.skipIf(!adminUrl)("three servers starting together on an empty PostgreSQL", () => {
  it("migrate it once, and all three start", async () => {
    // An empty database, not a copy of the migrated template.
    const template = process.env[POSTGRES_TEMPLATE_ENV];
    delete process.env[POSTGRES_TEMPLATE_ENV];
    try {
      database = await createDatabase(adminUrl!);
    } finally {
      if (template !== undefined) process.env[POSTGRES_TEMPLATE_ENV] = template;
    }
    const starts = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: database!.url, dataDir: "memory://" })));
    for (const start of starts) if (start.status === "fulfilled") opened.push(start.value);
    expect(starts.map((start) => (start.status === "rejected" ? String(start.reason) : "started"))).toEqual(["started", "started", "started"]);
    const { rows } = await sql<{ name: string; runs: number }>`select name, count(*)::int as runs from kysely_migration group by name order by name`.execute(opened[0]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.runs !== 1)).toEqual([]);
  });
});
