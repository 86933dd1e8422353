// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { addField, addObjectType, type SchemaModel } from "../../../src/domain/model";
import { insertRole } from "../../../server/role/store";
import { uniqueEmail, untilListening } from "../harness";
import { publishableModel } from "../publishing/models";
import { liveProject, type LiveProject } from "./fixture";
import { callProject, publishUserPoolProject, signInProjectUser, signUpProjectUser, type PoolProject } from "./poolProject";

/*
 * "Project subscriptions outlive revoked credentials": after an API key is deleted, a pool user
 * is deleted or a member signs out globally, HTTP calls answer 401 at once, but a websocket
 * subscription already open on /p/<apiId>/graphql kept receiving rows. Each attack opens a
 * subscription, revokes its credential, and expects the socket to close (4401 revoked, 4403
 * expired or access changed) and to hear nothing after.
 */
let p: LiveProject;
let pool: PoolProject;
const clients: Client[] = [];
beforeAll(async () => {
  p = await liveProject();
  pool = await publishUserPoolProject(p.t, p.owner.token, p.orgId, "Newsroom", poolModel());
}, 90_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  await p?.t.close();
});

/** The users table, and Post, which every signed-in user of the project reads. */
function poolModel(): SchemaModel {
  const added = addObjectType(publishableModel(0), "Post");
  const model = addField(added.model, added.id, { name: "title", type: "String" }).model;
  return { ...model, objectTypes: model.objectTypes.map((table) => (table.id === added.id ? { ...table, directives: [...table.directives, { name: "publicRead" }] } : table)) };
}

/** A subscription over graphql-ws on a project's endpoint: what it hears, and the code its socket closes with. */
function subscribe(apiId: string, query: string, connectionParams: Record<string, string>) {
  let closedWith!: (code: number) => void;
  const closed = new Promise<number>((resolve) => (closedWith = resolve));
  const client = createClient({
    url: `${p.t.url.replace("http", "ws")}/p/${apiId}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    on: { closed: (event) => closedWith((event as { code: number }).code) },
  });
  clients.push(client);
  const results: any[] = [];
  client.subscribe({ query }, { next: (result) => void results.push(result), error: () => {}, complete: () => {} });
  return { results, closed };
}

const AUTHORS = `subscription { onCreateAuthor { name } }`;
const createAuthor = (name: string) => p.call(`mutation ($name: String!) { createAuthor(input: { name: $name }) { id } }`, { name });
const names = (subscription: { results: any[] }) => subscription.results.map((result) => result.data?.onCreateAuthor?.name);

/** After the revoked socket closed, a row is written that a control subscriber hears: the revoked one must not. */
async function hearsNothingAfter(revoked: { results: any[] }, control: { results: any[] }) {
  await createAuthor("after revocation");
  await expect.poll(() => names(control), { timeout: 20_000 }).toContain("after revocation");
  expect(names(revoked)).not.toContain("after revocation");
}

const POSTS = `subscription { onCreatePost { title } }`;
const createPost = (title: string) => callProject(p.t, pool, `mutation ($title: String!) { createPost(input: { title: $title }) { id } }`, { title }, { token: p.owner.token });

async function signedInPoolUser() {
  const email = uniqueEmail("reader");
  await signUpProjectUser(p.t, pool, email);
  return signInProjectUser(pool, email);
}

async function globalSignOut(accessToken: string) {
  const response = await fetch(`${p.t.url}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.GlobalSignOut" },
    body: JSON.stringify({ AccessToken: accessToken }),
  });
  expect(response.status).toBe(200);
}

describe("an API key's subscriptions", () => {
  it("close with 4401 when the key is deleted, and hear no row after", async () => {
    const key = await p.t.platform.apiKeys.insertKey(p.t.platform.db, p.apiId, { description: "doomed" });
    const revoked = subscribe(p.apiId, AUTHORS, { "x-api-key": key.key });
    const control = subscribe(p.apiId, AUTHORS, { "x-api-key": p.apiKey });
    await untilListening(createAuthor, revoked, control);

    const deleted = await p.call(`mutation ($id: ID!) { batchDeleteApiKey(input: [{ id: $id }]) { id } }`, { id: key.id }, { token: p.owner.token });
    expect(deleted.errors).toBeUndefined();
    expect(await revoked.closed).toBe(4401);
    await hearsNothingAfter(revoked, control);
    // As on HTTP: the key opens no new subscription either.
    expect((await p.call(`{ listAuthor { items { id } } }`, {}, { apiKey: key.key })).status).toBe(401);
  });

  it("close with 4403 when the key expires", async () => {
    const key = await p.t.platform.apiKeys.insertKey(p.t.platform.db, p.apiId, { expiresAt: new Date(Date.now() + 6_000) });
    const expiring = subscribe(p.apiId, AUTHORS, { "x-api-key": key.key });
    await untilListening(createAuthor, expiring);
    expect(await expiring.closed).toBe(4403);
  });
});

describe("a member's subscriptions", () => {
  async function subscribedMember() {
    const member = await p.t.signUp(uniqueEmail("member"));
    const role = await insertRole(p.t.platform.db, { orgId: p.orgId, email: member.email, type: "ADMIN" });
    const revoked = subscribe(p.apiId, AUTHORS, { Authorization: member.token });
    const control = subscribe(p.apiId, AUTHORS, { "x-api-key": p.apiKey });
    await untilListening(createAuthor, revoked, control);
    return { ...member, roleId: role.id, revoked, control };
  }

  it("close with 4401 when the member signs out globally, and hear no row after", async () => {
    const member = await subscribedMember();
    await globalSignOut(member.token);
    expect(await member.revoked.closed).toBe(4401);
    await hearsNothingAfter(member.revoked, member.control);
  });

  it("close when the member is removed from the workspace, and hear no row after", async () => {
    const member = await subscribedMember();
    const removed = await p.t.graphql(`mutation ($input: DeleteRoleInput!) { deleteRole(input: $input) { id } }`, { input: { id: member.roleId } }, p.owner.token);
    expect(removed.errors).toBeUndefined();
    expect(await member.revoked.closed).toBe(4403);
    await hearsNothingAfter(member.revoked, member.control);
  });
});

describe("a project user's subscriptions", () => {
  async function subscribedPoolUser() {
    const user = await signedInPoolUser();
    const revoked = subscribe(pool.apiId, POSTS, { Authorization: `Bearer ${user.token}` });
    const control = subscribe(pool.apiId, POSTS, { Authorization: `Bearer ${p.owner.token}` });
    await untilListening(createPost, revoked, control);
    return { ...user, revoked, control };
  }

  async function hearsNoPostAfter(revoked: { results: any[] }, control: { results: any[] }) {
    const titles = (subscription: { results: any[] }) => subscription.results.map((result) => result.data?.onCreatePost?.title);
    await createPost("after revocation");
    await expect.poll(() => titles(control), { timeout: 20_000 }).toContain("after revocation");
    expect(titles(revoked)).not.toContain("after revocation");
  }

  it("close with 4401 when the user is deleted, and hear no row after", async () => {
    const user = await subscribedPoolUser();
    const deleted = await callProject(p.t, pool, `mutation ($id: ID!) { deleteUser(input: { id: $id }) { id } }`, { id: user.sub }, { token: p.owner.token });
    expect(deleted.errors).toBeUndefined();
    expect(await user.revoked.closed).toBe(4401);
    await hearsNoPostAfter(user.revoked, user.control);
  });

  it("close with 4401 when the user signs out globally, and hear no row after", async () => {
    const user = await subscribedPoolUser();
    await globalSignOut(user.token);
    expect(await user.revoked.closed).toBe(4401);
    await hearsNoPostAfter(user.revoked, user.control);
  });
});
