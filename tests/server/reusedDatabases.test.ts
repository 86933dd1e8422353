import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { startTestPlatform } from "./harness";
import { liveProject } from "./projectEndpoint/fixture";
import { leasePglite, releasePglite } from "./reusedDatabases";
import { openMigratedPglite } from "./testDatabase";

/** What a platform leaves in its database: rows of each kind, and what publishing added. */
async function leftOver(db: Kysely<any>) {
  const { rows } = await sql<Record<string, number>>`select
      (select count(*)::int from auth_users) as users,
      (select count(*)::int from orgs) as workspaces,
      (select count(*)::int from apis) as projects,
      (select count(*)::int from project_entries) as entries,
      (select count(*)::int from pg_indexes where tablename = 'project_entries' and indexname like 'pe\\_%') as "publishedIndexes",
      (select count(*)::int from pg_statistic_ext where stxname like 'pe\\_%') as statistics`.execute(db);
  return rows[0];
}

describe("a test platform's database, reset for the next platform of the worker", () => {
  it("holds nothing of the platform before it: no user, workspace, project, entry or published index", async () => {
    const p = await liveProject();
    expect((await p.call(`mutation { createAuthor(input: { name: "Ada" }) { id } }`)).status).toBe(200);
    const before = await leftOver(p.t.platform.db);
    expect(Object.values(before).every((count) => count > 0)).toBe(true);
    await p.t.close();

    const next = await startTestPlatform();
    try {
      expect(await leftOver(next.platform.db)).toEqual({ users: 0, workspaces: 0, projects: 0, entries: 0, publishedIndexes: 0, statistics: 0 });
      // The default cloud account the migrations wrote is there again.
      const accounts = await next.platform.db.selectFrom("aws_accounts").select("id").execute();
      expect(accounts).toHaveLength(1);
    } finally {
      await next.close();
    }
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)("reuses a PGlite it could reset, and closes one holding what a reset does not know", async () => {
    const used = await leasePglite(openMigratedPglite);
    await used.exec(`insert into rate_limits (key, points, window_ends) values ('left behind', 1, now())`);
    await releasePglite(used);
    const again = await leasePglite(openMigratedPglite);
    expect(again).toBe(used);
    expect((await again.query(`select count(*)::int as rows from rate_limits`)).rows).toEqual([{ rows: 0 }]);

    await again.exec("create table left_behind (id int)");
    await releasePglite(again);
    expect(again.closed).toBe(true);
    const fresh = await leasePglite(openMigratedPglite);
    expect(fresh).not.toBe(again);
    expect((await fresh.query(`select to_regclass('left_behind') as found`)).rows).toEqual([{ found: null }]);
    await releasePglite(fresh);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)("counts none of the writes before it in the next platform's table statistics (server/db/autoAnalyze.ts reads them)", async () => {
    const used = await leasePglite(openMigratedPglite);
    // Written just before the release: the counters are still the backend's own, not yet flushed.
    await used.exec(`insert into rate_limits (key, points, window_ends) select 'k' || n, 1, now() from generate_series(1, 5000) n`);
    await releasePglite(used);
    const again = await leasePglite(openMigratedPglite);
    expect(again).toBe(used);
    // A backend flushes its counters at most once a second, at the end of a statement.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await again.query("select 1");
    const { rows } = await again.query(`select n_mod_since_analyze::int as changed from pg_stat_user_tables where relname = 'rate_limits'`);
    expect(rows).toEqual([{ changed: 0 }]);
    await releasePglite(again);
  });
});
