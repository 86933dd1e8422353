// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { addConnection, addField, addObjectType, initialModel, renameObjectType, type Directive, type SchemaModel } from "../../../src/domain/model";
import { insertRole } from "../../../server/role/store";
import { uniqueEmail, untilListening } from "../harness";
import { liveProject, type LiveProject } from "./fixture";
import { startOidcIssuer, type OidcIssuer } from "./oidcIssuer";

/**
 * Spec §6 "Table access: per operation (query, create, update, delete) with public read, group,
 * and public create, update and delete. The owner always has access." — enforced on the
 * project's own API for signed-in project users (OIDC here), API keys and members.
 *
 * Note: owner only. Post: public read. Doc: group "editors", every operation.
 * Comment (child of Note): public read, public create.
 */
function accessModel(): SchemaModel {
  const initial = initialModel();
  let model = renameObjectType(initial, initial.objectTypes[0].id, "Note");
  const tables: [string, Directive[]][] = [
    ["Post", [{ name: "publicRead" }]],
    ["Doc", [{ name: "group", args: { groups: ["editors"] } }]],
    ["Comment", [{ name: "publicRead" }, { name: "publicCreate" }]],
  ];
  const ids: Record<string, string> = { Note: model.objectTypes[0].id };
  for (const [name] of tables) {
    const added = addObjectType(model, name);
    model = added.model;
    ids[name] = added.id;
  }
  for (const name of Object.keys(ids)) model = addField(model, ids[name], { name: "title", type: "String", directives: [] }).model;
  model = addConnection(model, ids.Note, ids.Comment, "hasMany");
  return {
    ...model,
    objectTypes: model.objectTypes.map((table) => ({ ...table, directives: [...table.directives, ...(tables.find(([name]) => name === table.name)?.[1] ?? [])] })),
  };
}

let p: LiveProject;
let issuer: OidcIssuer;
const clients: Client[] = [];
const as: Record<"alice" | "bob" | "carol", { token: string }> = {} as never;
beforeAll(async () => {
  // The test issuer listens on 127.0.0.1, which only this setting lets the server ask.
  p = await liveProject(accessModel(), { OIDC_ALLOW_PRIVATE_ISSUERS: "1" });
  issuer = await startOidcIssuer();
  await p.t.platform.db
    .updateTable("apis")
    .set({ default_auth_mode: "aws_oidc", additional_auth_modes: JSON.stringify(["aws_api_key"]), oidc: JSON.stringify({ clientId: "test-client", issuerUrl: issuer.issuerUrl }) })
    .where("id", "=", p.apiId)
    .execute();
  as.alice = { token: `Bearer ${await issuer.token({ sub: "alice" })}` };
  as.bob = { token: `Bearer ${await issuer.token({ sub: "bob", groups: ["readers"] })}` };
  as.carol = { token: `Bearer ${await issuer.token({ sub: "carol", "cognito:groups": ["editors"] })}` };
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await p?.t.close();
  await issuer?.close();
});

const create = async (table: string, title: string, who: { token: string } | undefined) => {
  const result = await p.call(`mutation ($title: String) { create${table}(input: { title: $title }) { id } }`, { title }, who);
  expect(result.errors).toBeUndefined();
  return result.data[`create${table}`].id as string;
};
const titles = async (table: string, who: { token: string } | { apiKey: string } | undefined) => {
  const result = await p.call(`{ list${table}(limit: 1000) { items { title } } }`, {}, who);
  return result.errors ? result.errors[0].extensions?.code : (result.data[`list${table}`].items as { title: string }[]).map((item) => item.title).sort();
};
const code = (result: { errors?: { extensions?: Record<string, any> }[] }) => result.errors?.[0].extensions?.code ?? "ok";

describe("a table with no permissions: the owner only", () => {
  let aliceNote: string;
  beforeAll(async () => {
    aliceNote = await create("Note", "alice-1", as.alice);
    await create("Note", "bob-1", as.bob);
  });

  it("lists to each user only the entries they created", async () => {
    expect(await titles("Note", as.alice)).toEqual(["alice-1"]);
    expect(await titles("Note", as.bob)).toEqual(["bob-1"]);
  });

  it("answers another user's entry as not there: get is null, update and delete are NOT_FOUND and change nothing", async () => {
    expect((await p.call(`query ($id: ID!) { getNote(id: $id) { id } }`, { id: aliceNote }, as.bob)).data.getNote).toBeNull();
    expect((await p.call(`query ($ids: [ID!]!) { batchGetNote(ids: $ids) { id } }`, { ids: [aliceNote] }, as.bob)).data.batchGetNote).toEqual([null]);
    expect(code(await p.call(`mutation ($id: ID!) { updateNote(input: { id: $id, title: "taken" }) { id } }`, { id: aliceNote }, as.bob))).toBe("NOT_FOUND");
    expect(code(await p.call(`mutation ($id: ID!) { deleteNote(input: { id: $id }) { id } }`, { id: aliceNote }, as.bob))).toBe("NOT_FOUND");
    expect((await p.call(`mutation ($ids: [DeleteNoteInput!]!) { batchDeleteNote(input: $ids) { id } }`, { ids: [{ id: aliceNote }] }, as.bob)).data.batchDeleteNote).toEqual([]);
    const generic = await p.call(`mutation ($id: ID!) { updateType(ofType: "Note", id: $id, fields: "{\\"title\\":\\"taken\\"}") { id } }`, { id: aliceNote }, as.bob);
    expect(code(generic)).toBe("NOT_FOUND");
    expect((await p.call(`mutation { deleteTypes(ofType: "Note") { deletedCount } }`, {}, as.bob)).data.deleteTypes.deletedCount).toBe(1);
    expect(await titles("Note", as.alice)).toEqual(["alice-1"]);
  });

  it("lets the owner read, update and delete their own entry", async () => {
    const own = await create("Note", "alice-2", as.alice);
    expect((await p.call(`query ($id: ID!) { getNote(id: $id) { title } }`, { id: own }, as.alice)).data.getNote).toEqual({ title: "alice-2" });
    expect(code(await p.call(`mutation ($id: ID!) { updateNote(input: { id: $id, title: "alice-2b" }) { id } }`, { id: own }, as.alice))).toBe("ok");
    expect(code(await p.call(`mutation ($id: ID!) { deleteNote(input: { id: $id }) { id } }`, { id: own }, as.alice))).toBe("ok");
  });

  it("pages a user's own entries by nextToken without showing others'", async () => {
    for (const n of [1, 2, 3]) await create("Note", `dave-${n}`, { token: `Bearer ${await issuer.token({ sub: "dave" })}` });
    const dave = { token: `Bearer ${await issuer.token({ sub: "dave" })}` };
    const first = await p.call(`{ listNote(limit: 2) { items { title } nextToken } }`, {}, dave);
    expect(first.data.listNote.items).toHaveLength(2);
    const second = await p.call(`query ($next: String) { listNote(limit: 2, nextToken: $next) { items { title } nextToken } }`, { next: first.data.listNote.nextToken }, dave);
    const seen = [...first.data.listNote.items, ...second.data.listNote.items].map((item: { title: string }) => item.title).sort();
    expect(seen).toEqual(["dave-1", "dave-2", "dave-3"]);
    expect(second.data.listNote.nextToken).toBeNull();
  });

  it("records the creating user as owner, and no owner for an API key's entries", async () => {
    const mine = await create("Note", "owned", as.alice);
    const rows = await p.t.platform.db.selectFrom("project_entries").select(["id", "owner"]).where("api_id", "=", p.apiId).execute();
    expect(rows.find((row) => row.id === mine)?.owner).toBe("alice");
    const byKey = await create("Comment", "by key", { apiKey: p.apiKey } as never);
    const stored = await p.t.platform.db.selectFrom("project_entries").select("owner").where("id", "=", byKey).executeTakeFirstOrThrow();
    expect(stored.owner).toBeNull();
  });
});

describe("public and group permissions", () => {
  it("public read shows every entry to every user, but updating stays the owner's", async () => {
    const post = await create("Post", "alice-post", as.alice);
    expect(await titles("Post", as.bob)).toContain("alice-post");
    expect(code(await p.call(`mutation ($id: ID!) { updatePost(input: { id: $id, title: "x" }) { id } }`, { id: post }, as.bob))).toBe("NOT_FOUND");
  });

  it("a group gives its members every operation on every entry; other groups get nothing more", async () => {
    const doc = await create("Doc", "alice-doc", as.alice);
    expect(await titles("Doc", as.bob)).toEqual([]);
    expect(code(await p.call(`mutation ($id: ID!) { updateDoc(input: { id: $id, title: "x" }) { id } }`, { id: doc }, as.bob))).toBe("NOT_FOUND");
    expect(await titles("Doc", as.carol)).toContain("alice-doc");
    expect(code(await p.call(`mutation ($id: ID!) { updateDoc(input: { id: $id, title: "edited by carol" }) { id } }`, { id: doc }, as.carol))).toBe("ok");
    expect(code(await p.call(`mutation ($id: ID!) { deleteDoc(input: { id: $id }) { id } }`, { id: doc }, as.carol))).toBe("ok");
    expect(await titles("Doc", as.alice)).toEqual([]);
  });

  it("a connection never shows a parent the caller may not read", async () => {
    const note = await create("Note", "private parent", as.alice);
    const result = await p.call(`mutation ($note: ID) { createComment(input: { title: "hello", noteId: $note }) { id } }`, { note }, as.alice);
    const comment = result.data.createComment.id;
    const read = async (who: { token: string }) =>
      (await p.call(`query ($id: ID!) { getComment(id: $id) { title note { title } } }`, { id: comment }, who)).data.getComment;
    expect(await read(as.alice)).toEqual({ title: "hello", note: { title: "private parent" } });
    expect(await read(as.bob)).toEqual({ title: "hello", note: null });
    const children = await p.call(`query ($id: ID!) { getNote(id: $id) { listComment { items { title } } } }`, { id: note }, as.alice);
    expect(children.data.getNote.listComment.items).toEqual([{ title: "hello" }]);
  });
});

describe("API keys and members beside project users", () => {
  it("an API key that is an additional mode reaches only what is public", async () => {
    const key = { apiKey: p.apiKey };
    expect(Array.isArray(await titles("Post", key))).toBe(true);
    expect(await titles("Note", key)).toBe("FORBIDDEN");
    expect(code(await p.call(`mutation { createNote(input: { title: "by key" }) { id } }`, {}, key))).toBe("FORBIDDEN");
    expect(code(await p.call(`mutation { createComment(input: { title: "by key" }) { id } }`, {}, key))).toBe("ok");
    const post = await create("Post", "keyless", as.alice);
    expect(code(await p.call(`mutation ($id: ID!) { deletePost(input: { id: $id }) { id } }`, { id: post }, key))).toBe("FORBIDDEN");
  });

  it("keeps the console's CSV export from project users and public-only keys, which would bypass the table access", async () => {
    const exportAs = (headers: Record<string, string>) => fetch(`${p.t.url}/p/${p.apiId}/export.csv?table=Note`, { headers });
    expect((await exportAs({ authorization: as.alice.token })).status).toBe(403);
    expect((await exportAs({ "x-api-key": p.apiKey })).status).toBe(403);
    expect((await exportAs({ authorization: p.owner.token })).status).toBe(200);
  });

  it("members keep their role rules and see every entry", async () => {
    expect(await titles("Note", { token: p.owner.token })).toEqual(expect.arrayContaining(["alice-1", "dave-1"]));
    const support = await p.t.signUp(uniqueEmail("support"));
    await insertRole(p.t.platform.db, { orgId: p.orgId, email: support.email, type: "SUPPORT" });
    expect(await titles("Note", { token: support.token })).toEqual(expect.arrayContaining(["alice-1", "dave-1"]));
    expect(code(await p.call(`mutation { createNote(input: { title: "support" }) { id } }`, {}, { token: support.token }))).toBe("FORBIDDEN");
  });
});

describe("subscriptions", () => {
  function subscribe(query: string, authorization: string) {
    const client = createClient({ url: `${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql`, webSocketImpl: WebSocket, connectionParams: { Authorization: authorization }, retryAttempts: 0 });
    clients.push(client);
    const results: any[] = [];
    client.subscribe({ query }, { next: (result) => void results.push(result), error: () => undefined, complete: () => undefined });
    return { results };
  }

  it("tells a user only of entries they may read", async () => {
    const heard = subscribe(`subscription { onCreateNote { title } }`, as.bob.token);
    await untilListening((probe) => create("Note", probe, as.bob), heard);
    await create("Note", "alice-secret", as.alice);
    await create("Note", "bob-after", as.bob);
    await expect.poll(() => heard.results.map((result) => result.data?.onCreateNote.title)).toContain("bob-after");
    expect(heard.results.map((result) => result.data?.onCreateNote.title)).toEqual(["bob-after"]);
  });

  it("tells every user of a publicly readable table's entries", async () => {
    const heard = subscribe(`subscription { onCreatePost { title } }`, as.bob.token);
    await untilListening((probe) => create("Post", probe, as.alice), heard);
    await create("Post", "alice-public", as.alice);
    await expect.poll(() => heard.results.map((result) => result.data?.onCreatePost.title)).toContain("alice-public");
  });
});

describe("introspection (the playground's docs and autocompletion) per caller", () => {
  const DOCS = `{ __schema { queryType { fields { name } } mutationType { fields { name } } subscriptionType { fields { name } } }
    note: __type(name: "Note") { name } doc: __type(name: "Doc") { name } }`;
  async function docsOf(who: { token: string } | { apiKey: string }) {
    const result = await p.call(DOCS, {}, who as never);
    expect(result.errors).toBeUndefined();
    const names = (root: { fields: { name: string }[] } | null) => (root?.fields ?? []).map((field) => field.name);
    const schema = result.data.__schema;
    return { query: names(schema.queryType), mutation: names(schema.mutationType), subscription: names(schema.subscriptionType), note: result.data.note, doc: result.data.doc };
  }

  it("shows a public-only API key the public tables and what it may do to them, nothing else", async () => {
    const key = await docsOf({ apiKey: p.apiKey });
    expect(key.query).toEqual(expect.arrayContaining(["listPost", "getPost", "listComment"]));
    for (const hidden of ["listNote", "getNote", "listDoc", "listApiKey", "getApiKey", "listActivity", "adminListGroupsForUser"]) expect(key.query).not.toContain(hidden);
    expect(key.mutation).toContain("createComment");
    for (const hidden of ["createPost", "createNote", "deleteComment", "createApiKey", "adminAddUserToGroup"]) expect(key.mutation).not.toContain(hidden);
    expect(key.subscription).toContain("onCreatePost");
    expect(key.subscription).not.toContain("onCreateNote");
    // The private tables' types are gone from the docs too (a comment's parent note included).
    expect(key.note).toBeNull();
    expect(key.doc).toBeNull();
    // Only the docs change: calling a hidden operation is still refused as before, not unknown.
    expect(await titles("Note", { apiKey: p.apiKey })).toBe("FORBIDDEN");
  });

  it("shows a project user their tables but not the members' operations, and a member everything", async () => {
    const bob = await docsOf(as.bob);
    expect(bob.query).toEqual(expect.arrayContaining(["listNote", "listPost", "listDoc"]));
    for (const hidden of ["listApiKey", "listActivity", "adminListGroupsForUser"]) expect(bob.query).not.toContain(hidden);
    const owner = await docsOf({ token: p.owner.token });
    expect(owner.query).toEqual(expect.arrayContaining(["listNote", "listDoc", "listApiKey", "getApiKey", "listActivity"]));
    expect(owner.mutation).toEqual(expect.arrayContaining(["createNote", "createApiKey", "rotateApiKey"]));
    expect(owner.note).toEqual({ name: "Note" });
  });
});
