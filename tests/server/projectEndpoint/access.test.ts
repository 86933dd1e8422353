// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRole } from "../../../server/role/store";
import type { RoleType } from "../../../src/domain/permissions";
import { addObjectType, initialModel } from "../../../src/domain/model";
import { uniqueEmail } from "../harness";
import { libraryModel, liveProject, type LiveProject } from "./fixture";

let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const LIST = `{ listAuthor { items { id } } }`;
const CREATE = `mutation { createAuthor(input: { name: "by caller" }) { id } }`;

describe("who may call /p/<apiId>/graphql", () => {
  it("refuses a caller with no API key and no sign-in (401)", async () => {
    const result = await p.call(LIST, {}, null);
    expect(result.status).toBe(401);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("refuses an unknown key, an expired key and another project's key (401), and takes a valid one", async () => {
    expect((await p.call(LIST)).data.listAuthor).toBeTruthy();
    const unknown = await p.call(LIST, {}, { apiKey: "da2-unknown" });
    expect(unknown.status).toBe(401);
    expect(unknown.errors?.[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", messageId: "error_api_key_invalid" });

    const expiring = await p.t.platform.apiKeys.insertKey(p.t.platform.db, p.apiId);
    expect((await p.call(LIST, {}, { apiKey: expiring.key })).status).toBe(200);
    await p.t.platform.db.updateTable("project_api_keys").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", expiring.id).execute();
    expect((await p.call(LIST, {}, { apiKey: expiring.key })).errors?.[0].extensions?.messageId).toBe("error_api_key_invalid");

    const other = await p.t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: p.orgId, name: "Other" } }, p.owner.token);
    const otherKey = await p.t.platform.apiKeys.insertKey(p.t.platform.db, other.data.createApi.api.id);
    expect((await p.call(LIST, {}, { apiKey: otherKey.key })).status).toBe(401);
  });

  it("keeps keys hashed and sealed: the plain key is nowhere in the table", async () => {
    const rows = await p.t.platform.db.selectFrom("project_api_keys").selectAll().where("api_id", "=", p.apiId).execute();
    expect(JSON.stringify(rows)).not.toContain(p.apiKey);
    const row = rows.find((candidate) => p.t.platform.apiKeys.reveal(candidate) === p.apiKey);
    expect(row).toBeTruthy();
  });

  it("answers 'Please publish project before editing data.' for a project with no live version", async () => {
    const other = await p.t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: p.orgId, name: "Draft" } }, p.owner.token);
    const response = await fetch(`${p.t.url}/p/${other.data.createApi.api.id}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": p.apiKey },
      body: JSON.stringify({ query: LIST }),
    });
    expect(response.status).toBe(404);
    expect((await response.json()).errors[0].extensions).toEqual({ code: "NOT_FOUND", messageId: "error_api_management_before_publish" });
  });

  // docs/ROLES.md: data.view SUPPORT and up, data.edit CONTENT and up, data.delete OWNER and ADMIN.
  const ROLES: [RoleType, { read: boolean; write: boolean; remove: boolean }][] = [
    ["ADMIN", { read: true, write: true, remove: true }],
    ["DEV", { read: true, write: true, remove: false }],
    ["CONTENT", { read: true, write: true, remove: false }],
    ["SUPPORT", { read: true, write: false, remove: false }],
    ["GUEST", { read: false, write: false, remove: false }],
  ];
  it.each(ROLES)("a console member with role %s acts by that role", async (roleType, may) => {
    const member = await p.t.signUp(uniqueEmail(roleType.toLowerCase()));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: member.email, type: roleType });
    const as = { token: member.token };
    const read = await p.call(LIST, {}, as);
    expect(read.errors?.[0].extensions?.code ?? "ok").toBe(may.read ? "ok" : "FORBIDDEN");
    const created = await p.call(CREATE, {}, as);
    expect(created.errors?.[0].extensions?.code ?? "ok").toBe(may.write ? "ok" : "FORBIDDEN");
    const victim = (await p.call(CREATE)).data.createAuthor.id;
    const removed = await p.call(`mutation ($id: ID!) { deleteAuthor(input: { id: $id }) { id } }`, { id: victim }, as);
    expect(removed.errors?.[0].extensions?.code ?? "ok").toBe(may.remove ? "ok" : "FORBIDDEN");
    if (!may.remove) {
      expect(removed.errors?.[0].extensions?.messageId).toBe("error_api_management_requires_role");
      expect((await p.call(`query ($id: ID!) { getAuthor(id: $id) { id } }`, { id: victim })).data.getAuthor).toEqual({ id: victim });
    }
  });

  it("lets the owner do everything, and refuses a signed-in user of another workspace (403)", async () => {
    expect((await p.call(CREATE, {}, { token: p.owner.token })).errors).toBeUndefined();
    const stranger = await p.t.signUp(uniqueEmail("stranger"));
    const refused = await p.call(LIST, {}, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const none = await p.t.signUp(uniqueEmail("none"));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: none.email, type: "NONE" });
    expect((await p.call(LIST, {}, { token: none.token })).status).toBe(403);
  });
});

describe("the schema follows the live model", () => {
  it("has no operation a table does not publish", async () => {
    const model = libraryModel();
    const readOnly = { ...model, objectTypes: model.objectTypes.map((table) => (table.name === "Book" ? { ...table, publishingTypes: ["queries" as const] } : table)) };
    await p.goLive(readOnly, 2);
    const create = await p.call(`mutation { createBook(input: { title: "x" }) { id } }`);
    expect(create.errors?.[0].message).toMatch(/Cannot query field "createBook"/);
    expect((await p.call(`{ listBook { items { id } } }`)).errors).toBeUndefined();
    const none = { ...model, objectTypes: model.objectTypes.map((table) => (table.name === "Book" ? { ...table, publishingTypes: [] } : table)) };
    await p.goLive(none, 3);
    expect((await p.call(`{ listBook { items { id } } }`)).errors?.[0].message).toMatch(/Cannot query field "listBook"/);
    await p.goLive(model, 4);
    expect((await p.call(`{ liveVersion listBook { items { id } } }`)).data.liveVersion).toBe(4);
  });

  it("switches to a new version at once and keeps the data of fields a version hides", async () => {
    await p.goLive(libraryModel(), 5);
    const created = await p.call(`mutation { createAuthor(input: { name: "Kept", age: 77 }) { id } }`);
    const renamedOnly = addObjectType(initialModel(), "Other").model;
    await p.goLive(renamedOnly, 6);
    expect((await p.call(`{ listAuthor { items { id } } }`)).errors?.[0].message).toMatch(/Cannot query field "listAuthor"/);
    await p.goLive(libraryModel(), 7);
    // libraryModel() has fresh ids each call: entries are kept per table id, so use the id of version 5's table.
    const stored = await p.t.platform.db.selectFrom("project_entries").select("data").where("id", "=", created.data.createAuthor.id).executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({ name: "Kept", age: 77 });
  });

  it("applies the platform's query limits (depth) to project endpoints", async () => {
    const deep = `{ listAuthor { items { listBook { items { author { listBook { items { author { listBook { items { id } } } } } } } } } } }`;
    const result = await p.call(deep);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_query_limit" });
  });

  it("refuses a query whose nested lists would read a million rows, by literal or by variable, and keeps a flat list of 1,000", async () => {
    const refused = { code: "BAD_USER_INPUT", messageId: "error_query_limit" };
    const nested = await p.call(`{ listAuthor(limit: 1000) { items { id listBook(limit: 1000) { items { id } } } } }`);
    expect(nested.errors?.[0].extensions).toMatchObject(refused);
    expect(nested.data ?? null).toBeNull();
    const byVariable = await p.call(`query ($n: Int) { listAuthor(limit: $n) { items { id listBook(limit: $n) { items { id } } } } }`, { n: 1000 });
    expect(byVariable.errors?.[0].extensions).toMatchObject(refused);
    const one = await p.call(`{ listAuthor(limit: 1000) { items { id name } } }`);
    expect(one.errors).toBeUndefined();
  });
});
