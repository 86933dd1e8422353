// @vitest-environment node
import { readFileSync } from "node:fs";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRole } from "../../../server/role/store";
import type { RoleType } from "../../../src/domain/permissions";
import { uniqueEmail } from "../harness";
import { libraryModel, liveProject, type LiveProject } from "./fixture";

let p: LiveProject;
const clients: Client[] = [];
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await p?.t.close();
});

const TYPE = `id ofType namespace createdAt updatedAt fields connections`;
const CREATE = `mutation ($ofType: String!, $fields: String, $connections: String) { createType(ofType: $ofType, fields: $fields, connections: $connections) { ${TYPE} } }`;
const LIST = `query ($ofType: String!, $filter: String, $first: Int, $after: String, $sortField: String, $sortOrder: SortOrder) {
  listTypes(ofType: $ofType, filter: $filter, first: $first, after: $after, sortField: $sortField, sortOrder: $sortOrder) {
    items { id fields } nextToken edges { cursor node { id } } pageInfo { hasNextPage endCursor }
  }
}`;
const UPDATE = `mutation ($id: ID!, $fields: String, $expectedUpdatedAt: String) { updateType(id: $id, ofType: "Author", fields: $fields, expectedUpdatedAt: $expectedUpdatedAt) { ${TYPE} } }`;

async function createAuthor(fields: Record<string, unknown>, auth?: { token: string }) {
  const result = await p.call(CREATE, { ofType: "Author", fields: JSON.stringify(fields) }, auth);
  expect(result.errors).toBeUndefined();
  return result.data.createType;
}

describe("spec §7 'The generic Type model is filtered by type name and namespace'", () => {
  it("creates with fields as JSON, reads it back with type(id, ofType, namespace), and names table and namespace", async () => {
    const created = await createAuthor({ name: "Ada", age: 36, tags: ["math"], meta: '{"a":1}' });
    expect(created).toMatchObject({ ofType: "Author", namespace: p.apiId });
    expect(JSON.parse(created.fields)).toMatchObject({ name: "Ada", age: 36, tags: ["math"], meta: '{"a":1}', email: null });
    const read = await p.call(`query ($id: ID!, $ns: String) { type(id: $id, ofType: "Author", namespace: $ns) { ${TYPE} } }`, { id: created.id, ns: p.apiId });
    expect(read.data.type).toEqual(created);
    const elsewhere = await p.call(`query ($id: ID!) { type(id: $id, ofType: "Author", namespace: "another") { id } }`, { id: created.id });
    expect(elsewhere.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_type_unknown" });
  });

  it("is the same store as the table's own operations, with the same value rules", async () => {
    const own = await p.call(`mutation { createAuthor(input: { name: "Own" }) { id } }`);
    const read = await p.call(`query ($id: ID!) { type(id: $id, ofType: "Author") { fields } }`, { id: own.data.createAuthor.id });
    expect(JSON.parse(read.data.type.fields).name).toBe("Own");
    const bad = await p.call(CREATE, { ofType: "Author", fields: JSON.stringify({ name: "x", email: "not an email" }) });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_value_email", field: "email" });
    const unknown = await p.call(CREATE, { ofType: "Author", fields: JSON.stringify({ name: "x", nope: 1 }) });
    expect(unknown.errors?.[0].extensions).toMatchObject({ messageId: "error_value_unknown_field", field: "nope" });
    const notJson = await p.call(CREATE, { ofType: "Author", fields: "{name:" });
    expect(notJson.errors?.[0].extensions).toMatchObject({ messageId: "error_value_json", field: "fields" });
    const noTable = await p.call(CREATE, { ofType: "Nope", fields: "{}" });
    expect(noTable.errors?.[0].extensions).toMatchObject({ messageId: "error_type_unknown", ofType: "Nope" });
  });

  it("links a child to its parent through connections and lists it by parent", async () => {
    const author = await createAuthor({ name: "Parent" });
    const book = await p.call(CREATE, { ofType: "Book", fields: JSON.stringify({ title: "Child", pages: 10 }), connections: JSON.stringify({ authorId: author.id }) });
    expect(JSON.parse(book.data.createType.connections)).toEqual({ authorId: author.id });
    const children = await p.call(
      `query ($id: ID!) { listTypesByParentType(ofType: "Book", parentType: "Author", parentId: $id, parentKey: FIRST) { items { id } } }`,
      { id: author.id },
    );
    expect(children.data.listTypesByParentType.items).toEqual([{ id: book.data.createType.id }]);
    const stray = await p.call(CREATE, { ofType: "Book", fields: JSON.stringify({ title: "x" }), connections: JSON.stringify({ title: "y" }) });
    expect(stray.errors?.[0].extensions).toMatchObject({ messageId: "error_value_unknown_field", field: "title" });
  });

  it("pages by keyset with items/nextToken and Relay's edges/pageInfo alike, and sorts by a sort-by field", async () => {
    const batch = await p.call(
      `mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: "Book", items: $items) { id } }`,
      { items: [1, 2, 3, 4, 5].map((pages) => ({ fields: JSON.stringify({ title: `Paged ${pages}`, pages }) })) },
    );
    expect(batch.data.batchCreateType).toHaveLength(5);
    const filter = JSON.stringify({ title: { beginsWith: "Paged" } });
    const first = await p.call(LIST, { ofType: "Book", filter, first: 2, sortField: "pages", sortOrder: "ASC" });
    const page = first.data.listTypes;
    expect(page.items.map((item: { fields: string }) => JSON.parse(item.fields).pages)).toEqual([1, 2]);
    expect(page.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(page.items.map((item: { id: string }) => item.id));
    expect(page.pageInfo).toEqual({ hasNextPage: true, endCursor: page.nextToken });
    const rest = await p.call(LIST, { ofType: "Book", filter, first: 10, after: page.pageInfo.endCursor, sortField: "pages", sortOrder: "ASC" });
    expect(rest.data.listTypes.items.map((item: { fields: string }) => JSON.parse(item.fields).pages)).toEqual([3, 4, 5]);
    expect(rest.data.listTypes.pageInfo.hasNextPage).toBe(false);
    const badSort = await p.call(LIST, { ofType: "Book", sortField: "title" });
    expect(badSort.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_sort_field_invalid", field: "title" });
  });

  it("takes the filter as JSON checked against the table's fields: an unknown field, operator or operand type is refused", async () => {
    const unknownField = await p.call(LIST, { ofType: "Author", filter: JSON.stringify({ shoeSize: { eq: 3 } }) });
    expect(unknownField.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_filter_unknown_field", field: "shoeSize" });
    const nested = await p.call(LIST, { ofType: "Author", filter: JSON.stringify({ or: [{ name: { eq: "a" } }, { shoeSize: { eq: 3 } }] }) });
    expect(nested.errors?.[0].extensions).toMatchObject({ messageId: "error_filter_unknown_field", field: "shoeSize" });
    const badOperator = await p.call(LIST, { ofType: "Author", filter: JSON.stringify({ age: { beginsWith: "3" } }) });
    expect(badOperator.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_filter_invalid" });
    const badOperand = await p.call(LIST, { ofType: "Author", filter: JSON.stringify({ age: { gt: "old" } }) });
    expect(badOperand.errors?.[0].extensions).toMatchObject({ messageId: "error_filter_invalid" });
    const notAnObject = await p.call(LIST, { ofType: "Author", filter: "[1]" });
    expect(notAnObject.errors?.[0].extensions).toMatchObject({ messageId: "error_value_json", field: "filter" });
    await createAuthor({ name: "Filtered", age: 99 });
    const good = await p.call(LIST, { ofType: "Author", filter: JSON.stringify({ age: { ge: 99 } }) });
    expect(good.data.listTypes.items.map((item: { fields: string }) => JSON.parse(item.fields).name)).toEqual(["Filtered"]);
  });

  it("refuses an update with CONFLICT when expectedUpdatedAt is not the stored one, and writes nothing", async () => {
    const created = await createAuthor({ name: "Before", age: 1 });
    const first = await p.call(UPDATE, { id: created.id, fields: JSON.stringify({ age: 2 }), expectedUpdatedAt: created.updatedAt });
    expect(first.errors).toBeUndefined();
    expect(JSON.parse(first.data.updateType.fields).age).toBe(2);
    const stale = await p.call(UPDATE, { id: created.id, fields: JSON.stringify({ age: 3 }), expectedUpdatedAt: created.updatedAt });
    expect(stale.errors?.[0].extensions).toMatchObject({ code: "CONFLICT", messageId: "error_entry_changed" });
    const read = await p.call(`query ($id: ID!) { type(id: $id, ofType: "Author") { fields } }`, { id: created.id });
    expect(JSON.parse(read.data.type.fields).age).toBe(2);
    const unchecked = await p.call(UPDATE, { id: created.id, fields: JSON.stringify({ age: 4 }) });
    expect(JSON.parse(unchecked.data.updateType.fields).age).toBe(4);
  });

  it("deletes one, a batch, and everything a filter matches in one request, recording an activity for each", async () => {
    const [a, b, c] = [await createAuthor({ name: "Del a" }), await createAuthor({ name: "Del b" }), await createAuthor({ name: "Del c" })];
    const one = await p.call(`mutation ($id: ID!) { deleteType(id: $id, ofType: "Author") { id } }`, { id: a.id });
    expect(one.data.deleteType.id).toBe(a.id);
    const batch = await p.call(`mutation ($items: [TypeKeyInput!]!) { batchDeleteType(ofType: "Author", items: $items) { id } }`, { items: [{ id: b.id }] });
    expect(batch.data.batchDeleteType).toEqual([{ id: b.id }]);
    await Promise.all([1, 2, 3].map((n) => createAuthor({ name: `Bulk ${n}`, age: 500 + n })));
    const filter = JSON.stringify({ age: { gt: 500 } });
    const bulk = await p.call(`mutation ($filter: String) { deleteTypes(ofType: "Author", filter: $filter) { deletedCount } }`, { filter });
    expect(bulk.data.deleteTypes.deletedCount).toBe(3);
    expect((await p.call(LIST, { ofType: "Author", filter })).data.listTypes.items).toEqual([]);
    expect((await p.call(`query ($id: ID!) { type(id: $id, ofType: "Author") { id } }`, { id: c.id })).data.type).toEqual({ id: c.id });
    const refused = await p.call(`mutation { deleteTypes(ofType: "Author", filter: "{\\"nope\\":{\\"eq\\":1}}") { deletedCount } }`);
    expect(refused.errors?.[0].extensions?.messageId).toBe("error_filter_unknown_field");
    expect((await p.call(`query ($id: ID!) { type(id: $id, ofType: "Author") { id } }`, { id: c.id })).data.type).toEqual({ id: c.id });
    const activities = await p.call(`{ listActivity(limit: 20) { items { eventName recordId } } }`);
    expect(activities.data.listActivity.items.filter((item: { eventName: string }) => item.eventName === "REMOVE").length).toBeGreaterThanOrEqual(5);
  });

  it("tells subscribers of onCreateType/onUpdateType/onDeleteType(ofType) about that table only", async () => {
    const client = createClient({ url: `${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql`, webSocketImpl: WebSocket, connectionParams: { "x-api-key": p.apiKey }, retryAttempts: 0 });
    clients.push(client);
    const heard: any[] = [];
    client.subscribe({ query: `subscription { onCreateType(ofType: "Book") { id ofType fields } }` }, { next: (result) => void heard.push(result), error: () => undefined, complete: () => undefined });
    await expect
      .poll(async () => {
        await createAuthor({ name: "Not a book" });
        await p.call(CREATE, { ofType: "Book", fields: JSON.stringify({ title: "Heard" }) });
        return heard.length;
      }, { timeout: 20_000, interval: 200 })
      .toBeGreaterThan(0);
    expect(heard.every((result) => result.data.onCreateType.ofType === "Book")).toBe(true);
    expect(JSON.parse(heard[0].data.onCreateType.fields).title).toBe("Heard");
  });
});

describe("who may use the generic model (docs/ROLES.md data.*)", () => {
  const ROLES: [RoleType, { read: boolean; write: boolean; remove: boolean }][] = [
    ["ADMIN", { read: true, write: true, remove: true }],
    ["CONTENT", { read: true, write: true, remove: false }],
    ["SUPPORT", { read: true, write: false, remove: false }],
    ["GUEST", { read: false, write: false, remove: false }],
  ];
  it.each(ROLES)("a member with role %s", async (roleType, may) => {
    const member = await p.t.signUp(uniqueEmail(roleType.toLowerCase()));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: member.email, type: roleType });
    const as = { token: member.token };
    const read = await p.call(LIST, { ofType: "Author", first: 1 }, as);
    expect(read.errors?.[0].extensions?.code ?? "ok").toBe(may.read ? "ok" : "FORBIDDEN");
    const rights = await p.call(`{ viewerCanEditData viewerCanDeleteData }`, {}, as);
    expect(rights.data).toEqual({ viewerCanEditData: may.write, viewerCanDeleteData: may.remove });
    const created = await p.call(CREATE, { ofType: "Author", fields: JSON.stringify({ name: "by member" }) }, as);
    expect(created.errors?.[0].extensions?.code ?? "ok").toBe(may.write ? "ok" : "FORBIDDEN");
    const victim = await createAuthor({ name: `victim ${roleType}`, age: 7000 });
    const removed = await p.call(`mutation ($filter: String) { deleteTypes(ofType: "Author", filter: $filter) { deletedCount } }`, { filter: JSON.stringify({ name: { eq: `victim ${roleType}` } }) }, as);
    expect(removed.errors?.[0].extensions?.code ?? "ok").toBe(may.remove ? "ok" : "FORBIDDEN");
    const left = await p.call(`query ($id: ID!) { type(id: $id, ofType: "Author") { id } }`, { id: victim.id });
    expect(left.data.type).toEqual(may.remove ? null : { id: victim.id });
  });

  it("keeps an API key to what a table publishes, as its own operations do", async () => {
    const model = libraryModel();
    await p.goLive({ ...model, objectTypes: model.objectTypes.map((table) => (table.name === "Book" ? { ...table, publishingTypes: ["queries" as const] } : table)) }, 2);
    const create = await p.call(CREATE, { ofType: "Book", fields: JSON.stringify({ title: "x" }) });
    expect(create.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await p.call(LIST, { ofType: "Book", first: 1 })).errors).toBeUndefined();
    const asOwner = await p.call(CREATE, { ofType: "Book", fields: JSON.stringify({ title: "by the owner" }) }, { token: p.owner.token });
    expect(asOwner.errors).toBeUndefined();
  });
});

describe("the console's operations on a project endpoint", () => {
  it("are accepted by their persisted id (persisted-queries.project.json), with no query text", async () => {
    const persisted = JSON.parse(readFileSync(new URL("../../../persisted-queries.project.json", import.meta.url), "utf8")) as Record<string, string>;
    await createAuthor({ name: "Persisted 1" });
    await createAuthor({ name: "Persisted 2" });
    const [id] = Object.entries(persisted).find(([, text]) => text.startsWith("query EntriesPanelQuery"))!;
    const response = await fetch(`${p.t.url}/p/${p.apiId}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": p.apiKey },
      body: JSON.stringify({ variables: { ofType: "Author", sortOrder: "DESC", count: 2 }, extensions: { persistedQuery: { version: 1, sha256Hash: id } } }),
    });
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.listTypes.edges.length).toBe(2);
  });
});
