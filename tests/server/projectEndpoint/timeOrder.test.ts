// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProject, type LiveProject } from "./fixture";

/*
 * A list sorted by updatedAt (the default, spec §7) is ordered by the column itself. Its SELECT
 * also returns an ISO text named updated_at, and a bare `order by updated_at` meant that text:
 * every entry of the table was sorted as text at millisecond precision (the data page's first
 * 100 of 10,000 entries took ~40 ms instead of well under one), and entries written
 * within one millisecond came in an order the next page's keyset (microseconds) disagreed with.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const PAGE = `query ($nextToken: String, $sortField: String) {
  listTypes(ofType: "Book", limit: 2, sortField: $sortField, nextToken: $nextToken) { items { id updatedAt } nextToken } }`;

async function everyPage(sortField: string) {
  const seen: string[] = [];
  let nextToken: string | null = null;
  do {
    const page: any = await p.call(PAGE, { nextToken, sortField });
    expect(page.errors).toBeUndefined();
    seen.push(...page.data.listTypes.items.map((item: { id: string }) => item.id));
    nextToken = page.data.listTypes.nextToken;
  } while (nextToken && seen.length < 50);
  return seen;
}

describe("lists sorted by a time", () => {
  it("page through entries written within one millisecond in microsecond order, each exactly once", async () => {
    const created: any = await p.call(`mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: "Book", items: $items) { id } }`, {
      items: Array.from({ length: 6 }, (_, n) => ({ fields: JSON.stringify({ title: `Same millisecond ${n}`, pages: n }) })),
    });
    expect(created.errors).toBeUndefined();
    // The greater the id, the earlier its microsecond: sorting by the millisecond text (all equal) then id disagrees.
    const ids: string[] = created.data.batchCreateType.map((entry: { id: string }) => entry.id).sort();
    for (const [index, id] of ids.entries()) {
      const at = `2026-01-01T00:00:00.000${String(900 - index * 100).padStart(3, "0")}Z`;
      await sql`update project_entries set updated_at = ${at}::timestamptz, created_at = ${at}::timestamptz where id = ${id}`.execute(p.t.platform.db);
    }
    for (const field of ["updatedAt", "createdAt"]) {
      const seen = await everyPage(field);
      expect(seen).toEqual(ids);
    }
  });
});
