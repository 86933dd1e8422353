// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import { decodeJwt } from "jose";
import WebSocket from "ws";
import { addField, addObjectType, MAX_USER_GROUPS, type Directive, type SchemaModel } from "../../../src/domain/model";
import { insertRole } from "../../../server/role/store";
import { startTestPlatform, uniqueEmail, untilListening, type TestPlatform } from "../harness";
import { publishableModel } from "../publishing/models";
import { callProject, publishUserPoolProject, refreshProjectUser, signInProjectUser, signUpProjectUser, type PoolProject } from "./poolProject";

/*
 * The users of a project's own pool as callers of its API: spec §6 "Table access: per
 * operation (query, create, update, delete) with public read, group, and public create, update
 * and delete. The owner always has access."; §7 'Realtime' (onCreate + type name) and §3
 * 'Activity' (INSERT for every written entry).
 *
 * User: the users table. Doc: group "editors", every operation. Draft: group "editors", read and
 * update only. Note: the owner only.
 */
function poolModel(): SchemaModel {
  let model = publishableModel(0);
  const tables: [string, Directive[]][] = [
    ["Doc", [{ name: "group", args: { groups: ["editors"] } }]],
    ["Draft", [{ name: "group", args: { groups: ["editors"], operations: ["read", "update"] } }]],
    ["Note", []],
  ];
  for (const [name, directives] of tables) {
    const added = addObjectType(model, name);
    model = addField(added.model, added.id, { name: "title", type: "String" }).model;
    model = { ...model, objectTypes: model.objectTypes.map((table) => (table.id === added.id ? { ...table, directives: [...table.directives, ...directives] } : table)) };
  }
  return model;
}

let t: TestPlatform;
let owner: { token: string; email: string };
let project: PoolProject;
let orgId: string;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestPlatform();
  owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Pool users" } }, owner.token);
  orgId = org.data.createOrg.org.id;
  project = await publishUserPoolProject(t, owner.token, orgId, "Newsroom", poolModel());
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await t?.close();
});

const call = (query: string, variables: Record<string, unknown>, auth: { token?: string; apiKey?: string }) => callProject(t, project, query, variables, auth);
const asMember = () => ({ token: owner.token });

async function signedUp(prefix: string) {
  const email = uniqueEmail(prefix);
  await signUpProjectUser(t, project, email);
  return { email, ...(await signInProjectUser(project, email)) };
}

const ADD = `mutation ($input: UserGroupInput!) { adminAddUserToGroup(input: $input) }`;
const REMOVE = `mutation ($input: UserGroupInput!) { adminRemoveUserFromGroup(input: $input) }`;
const GROUPS = `query ($userId: ID!) { adminListGroupsForUser(userId: $userId) }`;
const LIST_DOCS = `{ listDoc { items { id title } } }`;

describe("a sign-up to the project's pool", () => {
  it("is heard by onCreateUser subscribers over graphql-ws and recorded as an INSERT activity", async () => {
    const client = createClient({
      url: `${t.url.replace("http", "ws")}/p/${project.apiId}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${owner.token}` },
      retryAttempts: 0,
    });
    clients.push(client);
    const heard = { results: [] as any[] };
    client.subscribe({ query: `subscription { onCreateUser { id email } }` }, { next: (result) => void heard.results.push(result), error: () => {}, complete: () => {} });
    // Probes are users the project creates itself, so only the sign-up below is a sign-up.
    await untilListening((probe) => call(`mutation ($email: String!) { createUser(input: { email: $email }) { id } }`, { email: `${probe}@example.com` }, asMember()), heard);

    const { email, sub } = await signedUp("reader");
    await expect.poll(() => heard.results.map((result) => result.data?.onCreateUser), { timeout: 20_000 }).toContainEqual({ id: sub, email });
    const activities = await call(`{ listActivity(limit: 50) { items { eventName recordType recordId } } }`, {}, asMember());
    expect(activities.data.listActivity.items).toContainEqual({ eventName: "INSERT", recordType: "User", recordId: sub });
  });
});

describe("groups of pool users (spec §6 group access)", () => {
  it("let a user in group editors read a group [editors] table, and after removal and a refresh no longer", async () => {
    const doc = await call(`mutation { createDoc(input: { title: "Budget" }) { id } }`, {}, asMember());
    expect(doc.errors).toBeUndefined();
    const editor = await signedUp("editor");
    expect(decodeJwt(editor.token)["cognito:groups"]).toEqual([]);
    expect((await call(LIST_DOCS, {}, { token: editor.token })).data.listDoc.items).toEqual([]);

    const added = await call(ADD, { input: { userId: editor.sub, groupName: "editors" } }, asMember());
    expect(added.errors).toBeUndefined();
    expect(added.data.adminAddUserToGroup).toEqual(["editors"]);
    expect((await call(GROUPS, { userId: editor.sub }, asMember())).data.adminListGroupsForUser).toEqual(["editors"]);

    const refreshed = await refreshProjectUser(t, project, editor.session.getRefreshToken().getToken());
    expect(decodeJwt(refreshed.token)["cognito:groups"]).toEqual(["editors"]);
    expect(decodeJwt(refreshed.idToken)["cognito:groups"]).toEqual(["editors"]);
    expect((await call(LIST_DOCS, {}, { token: refreshed.token })).data.listDoc.items).toEqual([{ id: doc.data.createDoc.id, title: "Budget" }]);
    // A fresh sign-in carries them too.
    const again = await signInProjectUser(project, editor.email);
    expect(again.session.getIdToken().payload["cognito:groups"]).toEqual(["editors"]);

    const removed = await call(REMOVE, { input: { userId: editor.sub, groupName: "editors" } }, asMember());
    expect(removed.data.adminRemoveUserFromGroup).toEqual([]);
    const afterRemoval = await refreshProjectUser(t, project, editor.session.getRefreshToken().getToken());
    expect(decodeJwt(afterRemoval.token)["cognito:groups"]).toEqual([]);
    expect((await call(LIST_DOCS, {}, { token: afterRemoval.token })).data.listDoc.items).toEqual([]);
  });

  it("give their operations on every request with the same token, not only on the first (read, then update and delete)", async () => {
    const author = await signedUp("author");
    const draft = await call(`mutation { createDraft(input: { title: "Plan" }) { id } }`, {}, { token: author.token });
    const doc = await call(`mutation { createDoc(input: { title: "Memo" }) { id } }`, {}, { token: author.token });
    const editor = await signedUp("group-editor");
    expect((await call(ADD, { input: { userId: editor.sub, groupName: "editors" } }, asMember())).errors).toBeUndefined();
    const { token } = await refreshProjectUser(t, project, editor.session.getRefreshToken().getToken());
    const draftId = draft.data.createDraft.id;
    const docId = doc.data.createDoc.id;
    // The first request verifies the token; the later ones find it already verified.
    for (let read = 0; read < 2; read++) {
      expect((await call(`{ listDraft { items { id } } }`, {}, { token })).data.listDraft.items).toContainEqual({ id: draftId });
    }
    const updated = await call(`mutation ($id: ID!) { updateDraft(input: { id: $id, title: "Plan B" }) { title } }`, { id: draftId }, { token });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateDraft).toEqual({ title: "Plan B" });
    // Delete is not among the group's operations: the group's members reach only their own drafts.
    const notDeleted = await call(`mutation ($id: ID!) { deleteDraft(input: { id: $id }) { id } }`, { id: draftId }, { token });
    expect(notDeleted.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND" });
    expect((await call(`query ($id: ID!) { getDraft(id: $id) { title } }`, { id: draftId }, asMember())).data.getDraft).toEqual({ title: "Plan B" });
    // A group with every operation deletes too.
    expect((await call(`mutation ($id: ID!) { updateDoc(input: { id: $id, title: "Memo 2" }) { id } }`, { id: docId }, { token })).errors).toBeUndefined();
    expect((await call(`mutation ($id: ID!) { deleteDoc(input: { id: $id }) { id } }`, { id: docId }, { token })).errors).toBeUndefined();
    expect((await call(`query ($id: ID!) { getDoc(id: $id) { id } }`, { id: docId }, asMember())).data.getDoc).toBeNull();
  });

  it("cannot be granted by a pool user to themselves, nor by writing their own users-table row", async () => {
    const user = await signedUp("climber");
    const refused = await call(ADD, { input: { userId: user.sub, groupName: "editors" } }, { token: user.token });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    expect((await call(GROUPS, { userId: user.sub }, { token: user.token })).errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    // Their own row has no field that holds groups: the write is refused before it runs.
    const viaRow = await call(`mutation ($id: ID!) { updateUser(input: { id: $id, groups: ["editors"] }) { id } }`, { id: user.sub }, { token: user.token });
    expect(viaRow.errors?.length).toBeGreaterThan(0);
    expect((await call(GROUPS, { userId: user.sub }, asMember())).data.adminListGroupsForUser).toEqual([]);
    const refreshed = await refreshProjectUser(t, project, user.session.getRefreshToken().getToken());
    expect(decodeJwt(refreshed.token)["cognito:groups"]).toEqual([]);
  });

  it("refuses a group name that is empty, padded or too long, and a user who cannot sign in, changing nothing", async () => {
    const user = await signedUp("named");
    for (const groupName of ["", " editors", "x".repeat(129)]) {
      const refused = await call(ADD, { input: { userId: user.sub, groupName } }, asMember());
      expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_group_name_invalid" });
    }
    const made = await call(`mutation ($email: String!) { createUser(input: { email: $email }) { id } }`, { email: uniqueEmail("no-sign-in") }, asMember());
    for (const userId of [made.data.createUser.id, "not-a-user"]) {
      const unknown = await call(ADD, { input: { userId, groupName: "editors" } }, asMember());
      expect(unknown.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND", messageId: "error_project_user_unknown" });
    }
    expect((await call(GROUPS, { userId: user.sub }, asMember())).data.adminListGroupsForUser).toEqual([]);
    expect((await call(`{ viewerCanManageUserGroups }`, {}, asMember())).data.viewerCanManageUserGroups).toBe(true);
    expect((await call(`{ viewerCanManageUserGroups }`, {}, { token: user.token })).data.viewerCanManageUserGroups).toBe(false);
  });
  it("are granted by members who edit data (docs/ROLES.md data.edit): Support Staff only read them", async () => {
    const user = await signedUp("staffed");
    const content = await t.signUp(uniqueEmail("content"));
    const support = await t.signUp(uniqueEmail("support"));
    await insertRole(t.platform.db, { orgId, email: content.email, type: "CONTENT" });
    await insertRole(t.platform.db, { orgId, email: support.email, type: "SUPPORT" });
    const input = { userId: user.sub, groupName: "editors" };
    expect((await call(ADD, { input }, { token: support.token })).errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    expect((await call(`{ viewerCanManageUserGroups }`, {}, { token: support.token })).data.viewerCanManageUserGroups).toBe(false);
    expect((await call(GROUPS, { userId: user.sub }, { token: support.token })).data.adminListGroupsForUser).toEqual([]);
    expect((await call(ADD, { input }, { token: content.token })).data.adminAddUserToGroup).toEqual(["editors"]);
    expect((await call(REMOVE, { input }, { token: support.token })).errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    expect((await call(GROUPS, { userId: user.sub }, { token: support.token })).data.adminListGroupsForUser).toEqual(["editors"]);
  });

  it(`holds at most ${MAX_USER_GROUPS} groups per user, as every one goes into each token`, async () => {
    const user = await signedUp("joiner");
    for (let n = 0; n < MAX_USER_GROUPS; n++) {
      expect((await call(ADD, { input: { userId: user.sub, groupName: `group-${n}` } }, asMember())).errors).toBeUndefined();
    }
    const refused = await call(ADD, { input: { userId: user.sub, groupName: "one-more" } }, asMember());
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_user_groups_limit" });
    expect((await call(GROUPS, { userId: user.sub }, asMember())).data.adminListGroupsForUser).toHaveLength(MAX_USER_GROUPS);
    // Adding a group the user is already in is no new group.
    expect((await call(ADD, { input: { userId: user.sub, groupName: "group-0" } }, asMember())).errors).toBeUndefined();
  });
});

describe("owner in the generated types", () => {
  it("reads back as the creating pool user's sub, and cannot be written", async () => {
    const user = await signedUp("writer");
    const created = await call(`mutation { createNote(input: { title: "Mine" }) { id owner } }`, {}, { token: user.token });
    expect(created.errors).toBeUndefined();
    expect(created.data.createNote.owner).toBe(user.sub);
    const id = created.data.createNote.id;
    expect((await call(`query ($id: ID!) { getNote(id: $id) { owner } }`, { id }, asMember())).data.getNote.owner).toBe(user.sub);

    const forged = await call(`mutation { createNote(input: { title: "Forged", owner: "someone-else" }) { id } }`, {}, { token: user.token });
    expect(forged.errors?.[0].message).toMatch(/owner/);
    const moved = await call(`mutation ($id: ID!) { updateNote(input: { id: $id, owner: "someone-else" }) { id } }`, { id }, { token: user.token });
    expect(moved.errors?.[0].message).toMatch(/owner/);
    const generic = await call(`mutation ($id: ID!, $fields: String!) { updateType(ofType: "Note", id: $id, fields: $fields) { id } }`, { id, fields: JSON.stringify({ owner: "someone-else" }) }, asMember());
    expect(generic.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_value_unknown_field" });
    const notes = await call(`{ listNote { items { title owner } } }`, {}, asMember());
    expect(notes.data.listNote.items).toEqual([{ title: "Mine", owner: user.sub }]);
    // Entries a member writes have no owner.
    const byMember = await call(`mutation { createNote(input: { title: "Staff" }) { owner } }`, {}, asMember());
    expect(byMember.data.createNote.owner).toBeNull();
  });
});
