// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { uniqueEmail } from "../harness";
import { GENEROUS_LIMITS } from "../limits";
import { liveProject, type LiveProject } from "./fixture";

/**
 * The pager's sizes (spec §2 'Generic data table' pagination): listTypes' estimatedCount is the
 * planner's estimate of the list's own filtered query (nothing counted), exactCount the exact
 * number on demand, stopped at LIMITS listCountMax.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject(undefined, { LIMITS: `${GENEROUS_LIMITS},listCountMax=30` });
  const items = Array.from({ length: 40 }, (_, n) => ({ fields: JSON.stringify({ name: n < 12 ? `Ada ${n}` : `Bo ${n}` }) }));
  const created = await p.call(`mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: "Author", items: $items) { id } }`, { items });
  expect(created.errors).toBeUndefined();
  // The planner's statistics, as autovacuum would gather them on a live database.
  await sql`analyze project_entries`.execute(p.t.platform.db);
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const SIZES = `query ($filter: String, $first: Int) { listTypes(ofType: "Author", filter: $filter, first: $first) { items { id } estimatedCount exactCount { count more } } }`;
const ESTIMATE = `query ($filter: String) { listTypes(ofType: "Author", filter: $filter, first: 1) { estimatedCount } }`;

describe("how many entries a list has (listTypes estimatedCount and exactCount)", () => {
  it("estimates the whole list without counting it, and counts the filter's matches exactly on demand", async () => {
    const all = await p.call(ESTIMATE, {});
    expect(all.errors).toBeUndefined();
    const estimate = all.data.listTypes.estimatedCount;
    expect(Number.isInteger(estimate)).toBe(true);
    // An estimate of the table's 40 entries, not of the one-row page.
    expect(estimate).toBeGreaterThan(1);
    const ada = await p.call(SIZES, { filter: JSON.stringify({ name: { beginsWith: "Ada" } }), first: 5 });
    expect(ada.errors).toBeUndefined();
    expect(ada.data.listTypes.items).toHaveLength(5);
    expect(ada.data.listTypes.exactCount).toEqual({ count: 12, more: false });
    expect(Number.isInteger(ada.data.listTypes.estimatedCount)).toBe(true);
  });

  it("stops the exact count at listCountMax and says there are more, whatever the table holds", async () => {
    const all = await p.call(SIZES, { first: 1 });
    expect(all.errors).toBeUndefined();
    expect(all.data.listTypes.exactCount).toEqual({ count: 30, more: true });
  });

  it("refuses bad filters and callers who may not read, as the list does", async () => {
    const bad = await p.call(SIZES, { filter: JSON.stringify({ shoeSize: { eq: 3 } }) });
    expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(bad.status).not.toBe(500);
    const stranger = await p.t.signUp(uniqueEmail("stranger"));
    const refused = await p.call(SIZES, {}, { token: stranger.token });
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(refused.data?.listTypes?.exactCount).toBeUndefined();
  });

  it("answers null for a list by parent, whose sizes it does not know", async () => {
    const author = (await p.call(`{ listTypes(ofType: "Author", first: 1) { items { id } } }`)).data.listTypes.items[0].id;
    const children = await p.call(`query ($id: ID!) { listTypesByParentType(ofType: "Book", parentType: "Author", parentId: $id) { estimatedCount exactCount { count } } }`, { id: author });
    expect(children.errors).toBeUndefined();
    expect(children.data.listTypesByParentType).toEqual({ estimatedCount: null, exactCount: null });
  });
});
