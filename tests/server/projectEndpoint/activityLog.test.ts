// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRole } from "../../../server/role/store";
import { activityPageQuery } from "../../../server/projectEndpoint/builtIns/activityLog";
import { uniqueEmail } from "../harness";
import { liveProject, type LiveProject } from "./fixture";
import { csvClient } from "./csvClient";

/** The Logs screen: the console's activities connection, its filter, changes, export and live updates. */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(() => p?.t.close());

const CREATE = `mutation ($fields: String) { createType(ofType: "Author", fields: $fields) { id updatedAt } }`;
const UPDATE = `mutation ($id: ID!, $fields: String) { updateType(id: $id, ofType: "Author", fields: $fields) { id } }`;
const ACTIVITIES = `query ($id: ID!, $first: Int, $after: String, $filter: ActivityFilterInput) {
  node(id: $id) { ... on Api { activities(first: $first, after: $after, filter: $filter) {
    edges { cursor node { id eventName recordType recordId createdAt changes { field before after tooLarge } } }
    pageInfo { hasNextPage endCursor }
  } } } }`;

async function createAuthor(fields: Record<string, unknown>): Promise<string> {
  const created = await p.call(CREATE, { fields: JSON.stringify(fields) });
  expect(created.errors).toBeUndefined();
  return created.data.createType.id;
}
async function activities(variables: Record<string, unknown> = {}, token = p.owner.token) {
  return p.t.graphql(ACTIVITIES, { id: p.apiId, ...variables }, token);
}
const nodes = (result: { data?: any }) => result.data.node.activities.edges.map((edge: { node: any }) => edge.node);

describe("the Logs screen's activities", () => {
  it("lists newest first, pages by cursor, and filters by table, event and time", async () => {
    const ada = await createAuthor({ name: "Ada" });
    await p.call(UPDATE, { id: ada, fields: JSON.stringify({ age: 36 }) });
    const bob = await createAuthor({ name: "Bob" });
    const book = await p.call(`mutation { createType(ofType: "Book", fields: "{\\"title\\":\\"Notes\\"}") { id } }`);
    expect(book.errors).toBeUndefined();

    const all = nodes(await activities());
    expect(all.slice(0, 4).map((a: any) => [a.eventName, a.recordType])).toEqual([["INSERT", "Book"], ["INSERT", "Author"], ["MODIFY", "Author"], ["INSERT", "Author"]]);

    const first = await activities({ first: 2 });
    expect(first.data.node.activities.pageInfo.hasNextPage).toBe(true);
    const second = nodes(await activities({ first: 2, after: first.data.node.activities.pageInfo.endCursor }));
    expect(second.map((a: any) => a.recordId)).toEqual([ada, ada]);

    expect(nodes(await activities({ filter: { recordType: "Book" } })).every((a: any) => a.recordType === "Book")).toBe(true);
    expect(nodes(await activities({ filter: { eventName: "MODIFY" } })).map((a: any) => a.recordId)).toEqual([ada]);
    expect(nodes(await activities({ filter: { recordType: "Author", eventName: "INSERT" } })).map((a: any) => a.recordId)).toEqual([bob, ada]);
    expect(nodes(await activities({ filter: { until: new Date(Date.now() - 3_600_000).toISOString() } }))).toEqual([]);
    const refused = await activities({ filter: { since: new Date().toISOString(), until: new Date(Date.now() - 1000).toISOString() } });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_activity_range_invalid" });
  });

  it("keeps a MODIFY's changed fields before and after, and a revert through updateType writes a new MODIFY", async () => {
    const id = await createAuthor({ name: "Cy", age: 20 });
    await p.call(UPDATE, { id, fields: JSON.stringify({ name: "Cyd", age: 20, tags: ["a"] }) });
    const [modify] = nodes(await activities({ filter: { eventName: "MODIFY" } }));
    expect(modify.recordId).toBe(id);
    expect(modify.changes).toEqual([
      { field: "name", before: '"Cy"', after: '"Cyd"', tooLarge: false },
      { field: "tags", before: "null", after: '["a"]', tooLarge: false },
    ]);
    // The console's revert sends the "before" values through the normal update path.
    const revert = Object.fromEntries(modify.changes.map((change: any) => [change.field, JSON.parse(change.before)]));
    expect((await p.call(UPDATE, { id, fields: JSON.stringify(revert) }, { token: p.owner.token })).errors).toBeUndefined();
    const [reverted] = nodes(await activities({ filter: { eventName: "MODIFY" } }));
    expect(reverted.id).not.toBe(modify.id);
    expect(reverted.changes.map((change: any) => [change.field, change.after])).toEqual([["name", '"Cy"'], ["tags", "null"]]);
  });

  it("keeps a value too large by name only (LIMITS activityChangeMaxBytes)", async () => {
    const id = await createAuthor({ name: "Dee" });
    await p.call(UPDATE, { id, fields: JSON.stringify({ name: "D".repeat(20_000), age: 3 }) });
    const [modify] = nodes(await activities({ filter: { eventName: "MODIFY" } }));
    expect(modify.changes).toEqual([
      { field: "name", before: null, after: null, tooLarge: true },
      { field: "age", before: "null", after: "3", tooLarge: false },
    ]);
  });

  it("refuses a member who may not read data, and says who may revert", async () => {
    const guest = await p.t.signUp(uniqueEmail("guest"));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: guest.email, type: "GUEST" });
    const refused = await activities({}, guest.token);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const support = await p.t.signUp(uniqueEmail("support"));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: support.email, type: "SUPPORT" });
    const flags = `query ($id: ID!) { node(id: $id) { ... on Api { viewerCanViewData viewerCanEditData } } }`;
    expect((await p.t.graphql(flags, { id: p.apiId }, support.token)).data.node).toEqual({ viewerCanViewData: true, viewerCanEditData: false });
    expect((await p.t.graphql(flags, { id: p.apiId }, p.owner.token)).data.node).toEqual({ viewerCanViewData: true, viewerCanEditData: true });
    expect(nodes(await activities({ first: 1 }, support.token))).toHaveLength(1);
    const stranger = await p.t.signUp(uniqueEmail("stranger"));
    const watch = p.t.subscribe(stranger.token, `subscription ($apiId: ID!) { onProjectActivity(apiId: $apiId) { apiId } }`, { apiId: p.apiId });
    await expect.poll(() => watch.results.length).toBe(1);
    expect(JSON.stringify(watch.results[0])).toContain("FORBIDDEN");
    await watch.close();
  });

  it("tells subscribers when the project records activities", async () => {
    const watch = p.t.subscribe(p.owner.token, `subscription ($apiId: ID!) { onProjectActivity(apiId: $apiId) { apiId } }`, { apiId: p.apiId });
    // graphql-ws does not say when the server listens: write until the first notice arrives.
    await expect.poll(async () => (await createAuthor({ name: "Probe" }), watch.results.length), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(watch.results.at(-1)).toEqual({ data: { onProjectActivity: { apiId: p.apiId } } });
    await watch.close();
  });

  it("tells subscribers of the activities of a file upload and of a CSV import, not only of entry writes", async () => {
    const watch = p.t.subscribe(p.owner.token, `subscription ($apiId: ID!) { onProjectActivity(apiId: $apiId) { apiId } }`, { apiId: p.apiId });
    await expect.poll(async () => (await createAuthor({ name: "Probe" }), watch.results.length), { timeout: 10_000 }).toBeGreaterThan(0);
    // The probe's notices may still be on their way: count from when they have settled.
    await new Promise((resolve) => setTimeout(resolve, 300));

    let heard = watch.results.length;
    const upload = `mutation ($input: UploadInlineFileInput!) { uploadInlineFile(input: $input) { file { id } } }`;
    const uploaded = await p.call(upload, { input: { key: "notes.txt", mimeType: "text/plain", archiveFormat: "NONE", body: Buffer.from("hello").toString("base64") } });
    expect(uploaded.errors).toBeUndefined();
    expect(nodes(await activities({ first: 1 }))[0]).toMatchObject({ eventName: "INSERT", recordType: "FileDocument", recordId: uploaded.data.uploadInlineFile.file.id });
    await expect.poll(() => watch.results.length, { timeout: 10_000 }).toBeGreaterThan(heard);

    heard = watch.results.length;
    const csv = csvClient(p.t.url, p.apiId);
    const started = await csv.upload("name,age\nImported Ida,41\n", { table: "Author", auth: { token: p.owner.token } });
    expect(started.status).toBe(201);
    expect((await csv.finished(started.import.id, { token: p.owner.token })).status).toBe("DONE");
    expect(nodes(await activities({ first: 1 }))[0]).toMatchObject({ eventName: "INSERT", recordType: "Author" });
    await expect.poll(() => watch.results.length, { timeout: 10_000 }).toBeGreaterThan(heard);
    await watch.close();
  });

  it("exports the filtered activities as CSV, for members who may read data only", async () => {
    const id = await createAuthor({ name: "=cmd" });
    const url = `${p.t.url}/p/${p.apiId}/activities.csv?table=Author&event=INSERT`;
    const response = await fetch(url, { headers: { authorization: p.owner.token } });
    expect(response.status).toBe(200);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("createdAt,eventName,recordType,recordId,changes");
    expect(lines[1]).toContain(`,INSERT,Author,${id},`);
    expect(lines.slice(1).every((line) => line.includes(",INSERT,Author,"))).toBe(true);
    const bad = await fetch(`${url}&since=yesterday`, { headers: { authorization: p.owner.token } });
    expect(bad.status).toBe(400);
    const guest = await p.t.signUp(uniqueEmail("guest"));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: guest.email, type: "GUEST" });
    expect((await fetch(url, { headers: { authorization: guest.token } })).status).toBe(403);
  });

  it("reads a busy project's page as one index range (EXPLAIN), whatever the filter", async () => {
    const db = p.t.platform.db;
    await sql`insert into project_activities (id, api_id, event_name, record_type, record_id, created_at)
      select 'bulk-' || n, ${p.apiId}, (array['INSERT','MODIFY','REMOVE'])[1 + n % 3], (array['Author','Book'])[1 + n % 2], 'r' || n, now() - make_interval(secs => n * 5)
      from generate_series(1, 20000) as n`.execute(db);
    await sql`analyze project_activities`.execute(db);
    const plan = async (filter: Parameters<typeof activityPageQuery>[1], after: string | null) => {
      const query = activityPageQuery(p.apiId, filter, 51, after);
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(db);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    };
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    for (const [filter, index, after] of [
      [{}, "project_activities_recent", null],
      [{}, "project_activities_recent", "bulk-500"],
      [{ recordType: "Book" }, "project_activities_by_table", "bulk-500"],
      [{ eventName: "MODIFY" as const }, "project_activities_recent", "bulk-500"],
      [{ recordType: "Book", eventName: "REMOVE" as const }, "project_activities_by_table", null],
      [{ since: hoursAgo(20), until: hoursAgo(10) }, "project_activities_recent", null],
      [{ recordType: "Author", since: hoursAgo(20), until: hoursAgo(10) }, "project_activities_by_table", "bulk-10000"],
    ] as const) {
      const text = await plan(filter, after);
      expect(text).toContain(index);
      expect(text).not.toMatch(/Seq Scan on project_activities/);
      expect(text).toMatch(/Limit[\s\S]*Index Scan/);
      // The index gives the order: nothing under the page's Limit sorts the project's activities.
      expect(text.slice(text.indexOf("Limit"))).not.toMatch(/Sort Key/);
    }
  }, 120_000);
});
