// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";

/*
 * For a data page's first rows: PGlite has no autovacuum, so without this a table was
 * never analyzed and, after 10,000 rows were written, a page of 100 entries was read through a
 * sort-field index and sorted in full (32 ms instead of 0.1 ms). The server analyzes tables
 * whose rows changed by more than autovacuum's threshold, within seconds.
 */
let p: LiveProject;
const analyzed = async () =>
  (await sql<{ last_analyze: Date | null }>`select last_analyze from pg_stat_user_tables where relname = 'project_entries'`.execute(p.t.platform.db)).rows[0]?.last_analyze ?? null;

// On PostgreSQL, its own autovacuum analyzes (on its own schedule).
describe.skipIf(process.env.TEST_DATABASE_URL)("the embedded database's statistics", () => {
  beforeAll(async () => {
    p = await liveProject();
  }, 60_000);
  afterAll(async () => {
    await p?.t.close();
  });

  it("are gathered after many rows were written, so a page of the newest entries reads only that page", async () => {
    expect(await analyzed()).toBeNull();
    for (let from = 0; from < 3000; from += 100) {
      const items = Array.from({ length: 100 }, (_, n) => ({ fields: JSON.stringify({ title: `Book ${from + n}`, pages: from + n }) }));
      const written = await p.call(`mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: "Book", items: $items) { id } }`, { items });
      expect(written.errors).toBeUndefined();
    }
    await expect.poll(analyzed, { timeout: 15_000, interval: 250 }).not.toBeNull();

    const { type_id } = await p.t.platform.db.selectFrom("project_entries").select("type_id").executeTakeFirstOrThrow();
    const plan = await sql<{ "QUERY PLAN": string }>`explain select id from project_entries where api_id = ${p.apiId} and type_id = ${type_id}
      order by updated_at desc, id desc limit 101`.execute(p.t.platform.db);
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("project_entries_recent");
    expect(text).not.toMatch(/Sort/);
  }, 60_000);
});
