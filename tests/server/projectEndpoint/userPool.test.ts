// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CognitoRefreshToken, CognitoUserAttribute, type CognitoUserSession } from "amazon-cognito-identity-js";
import { decodeJwt } from "jose";
import { startTestPlatform, TEST_PASSWORD, uniqueEmail, type TestPlatform } from "../harness";
import { GENEROUS_LIMITS } from "../limits";
import { publishableModel } from "../publishing/models";
import { callProject, publishUserPoolProject, signInProjectUser, signUpProjectUser as signUpOne, type PoolProject } from "./poolProject";

/*
 * Each project's own user pool. Spec §3 'Api: authProviderType, authProviderClientId,
 * authProviderPoolId, authProviderUrl'; §7 'authorization with a user-pool access token … A
 * sign-in client handles user-pool auth: sign in, resend sign-up code, refresh token, sign out.'
 * Everything goes through real HTTP with the unmodified amazon-cognito-identity-js.
 */

// One sign-up per address and hour, counted per pool: the project's pool must not share the console's count.
const LIMITS = GENEROUS_LIMITS.replace("signUpsPerAddressPerHour=100000", "signUpsPerAddressPerHour=1");
const LIST_USERS = `query { listUser { items { id email password } } }`;

let t: TestPlatform;
let owner: { token: string; email: string };
let projectA: Project;
let projectB: Project;
type Project = PoolProject;

beforeAll(async () => {
  t = await startTestPlatform({ LIMITS });
  owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Pools" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  projectA = await publishUserPoolProject(t, owner.token, orgId, "Shop", publishableModel(1));
  projectB = await publishUserPoolProject(t, owner.token, orgId, "Blog", publishableModel(1));
});
afterAll(async () => {
  await t?.close();
});

const call = (project: Project, query: string, variables: Record<string, unknown>, auth: { token?: string }) => callProject(t, project, query, variables, auth);
const signUpProjectUser = (project: Project, email: string, password?: string) => signUpOne(t, project, email, password);

const done = <T>(run: (callback: (error: unknown, result?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result as T))));

/** Sent directly: the library retries a failed refresh for seconds. */
async function refreshDirectly(clientId: string, refreshToken: string) {
  const response = await fetch(`${t.url}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.InitiateAuth" },
    body: JSON.stringify({ AuthFlow: "REFRESH_TOKEN_AUTH", ClientId: clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  });
  return { status: response.status, body: await response.json() };
}

describe("a project's own user pool", () => {
  it("gives a project published with user-pool auth its own pool and client id in Cognito's shape", () => {
    expect(projectA.poolId).toMatch(/^eu-central-1_[0-9a-zA-Z]{9}$/);
    expect(projectA.clientId).toMatch(/^[a-z0-9]{26}$/);
    expect(projectB.poolId).not.toBe(projectA.poolId);
    expect(projectB.clientId).not.toBe(projectA.clientId);
  });

  it("signs a project user up with a mailed code and in with SRP; the token reads the project's data", async () => {
    const email = uniqueEmail("customer");
    await signUpProjectUser(projectA, email);
    const { session, token } = await signInProjectUser(projectA, email);

    const id = session.getIdToken().payload;
    expect(id).toMatchObject({ iss: `${t.url}/auth/${projectA.poolId}`, aud: projectA.clientId, email, "cognito:groups": [] });
    expect(decodeJwt(token)).toMatchObject({ iss: `${t.url}/auth/${projectA.poolId}`, client_id: projectA.clientId, sub: id.sub, token_use: "access" });
    const jwks = await fetch(`${t.url}/auth/${projectA.poolId}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);

    // The user IS a row of the users table, with an INSERT activity; the password reads as null.
    const listed = await call(projectA, LIST_USERS, {}, { token });
    expect(listed.errors).toBeUndefined();
    expect(listed.data.listUser.items).toContainEqual({ id: id.sub, email, password: null });
    const activity = await t.platform.db.selectFrom("project_activities").select("event_name").where("api_id", "=", projectA.apiId).where("record_id", "=", id.sub as string).execute();
    expect(activity).toEqual([{ event_name: "INSERT" }]);
  });

  it("refreshes the token, and refuses it once the user signed out everywhere", async () => {
    const email = uniqueEmail("customer");
    await signUpProjectUser(projectA, email);
    const { user, session } = await signInProjectUser(projectA, email);
    const refreshed = await done<CognitoUserSession>((callback) =>
      user.refreshSession(new CognitoRefreshToken({ RefreshToken: session.getRefreshToken().getToken() }), callback),
    );
    const token = refreshed.getAccessToken().getJwtToken();
    expect((await call(projectA, LIST_USERS, {}, { token })).status).toBe(200);

    await new Promise<void>((resolve, reject) => user.globalSignOut({ onSuccess: () => resolve(), onFailure: reject }));
    const refused = await call(projectA, LIST_USERS, {}, { token });
    expect(refused.status).toBe(401);
    expect(refused.errors?.[0].extensions?.messageId).toBe("error_project_user_unauthorized");
  });

  it("lets a project user create and delete their own entries, and not another user's (table permissions: the owner)", async () => {
    const [first, second] = [uniqueEmail("customer"), uniqueEmail("customer")];
    await signUpProjectUser(projectA, first);
    await signUpProjectUser(projectA, second);
    const own = (await signInProjectUser(projectA, first)).token;
    const other = (await signInProjectUser(projectA, second)).token;
    const created = await call(projectA, `mutation { createItem1(input: { title: "Lamp", price: 9.5 }) { id title } }`, {}, { token: own });
    expect(created.errors).toBeUndefined();
    const DELETE = `mutation ($id: ID!) { deleteItem1(input: { id: $id }) { id } }`;
    const refused = await call(projectA, DELETE, { id: created.data.createItem1.id }, { token: other });
    expect(refused.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const removed = await call(projectA, DELETE, { id: created.data.createItem1.id }, { token: own });
    expect(removed.errors).toBeUndefined();
  });
});

describe("the password field", () => {
  it("is never stored or returned in plain text: the project API keeps a verifier the user signs in with", async () => {
    const email = uniqueEmail("made-by-api");
    const created = await call(
      projectA,
      `mutation ($input: CreateUserInput!) { createUser(input: $input) { id email password } }`,
      { input: { email, password: "Secret123" } },
      { token: owner.token },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createUser).toMatchObject({ email, password: null });
    const id = created.data.createUser.id as string;

    const stored = await t.platform.db.selectFrom("project_entries").select("data").where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.data)).not.toContain("Secret123");
    const credential = await t.platform.db.selectFrom("project_user_credentials").selectAll().where("sub", "=", id).executeTakeFirstOrThrow();
    expect(JSON.stringify(credential)).not.toContain("Secret123");

    // Read through the data explorer's generic API too.
    const generic = await call(projectA, `query { listTypes(ofType: "User") { items { id fields } } }`, {}, { token: owner.token });
    const row = generic.data?.listTypes.items.find((item: { id: string }) => item.id === id);
    expect(JSON.parse(row.fields)).toMatchObject({ email, password: null });

    const { token } = await signInProjectUser(projectA, email, "Secret123");
    expect((await call(projectA, LIST_USERS, {}, { token })).status).toBe(200);

    // A new password through an update replaces the verifier: the old one no longer signs in.
    const updated = await call(projectA, `mutation ($input: UpdateUserInput!) { updateUser(input: $input) { password } }`, { input: { id, password: "Newer4567" } }, { token: owner.token });
    expect(updated.data.updateUser).toEqual({ password: null });
    await expect(signInProjectUser(projectA, email, "Secret123")).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await signInProjectUser(projectA, email, "Newer4567");
  });

  it("refuses a password that breaks the rules and writes nothing", async () => {
    const email = uniqueEmail("weak");
    const refused = await call(projectA, `mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }`, { input: { email, password: "weak" } }, { token: owner.token });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_value_password" });
    const rows = await t.platform.db.selectFrom("project_entries").select("data").where("api_id", "=", projectA.apiId).execute();
    expect(rows.filter((row) => row.data.email === email)).toEqual([]);
  });

  it("goes with its row: deleting the user ends the sign-in in the same transaction", async () => {
    const email = uniqueEmail("leaving");
    await signUpProjectUser(projectA, email);
    const { session, token } = await signInProjectUser(projectA, email);
    const sub = session.getIdToken().payload.sub as string;
    expect((await call(projectA, LIST_USERS, {}, { token })).status).toBe(200);

    const deleted = await call(projectA, `mutation ($id: ID!) { deleteUser(input: { id: $id }) { id } }`, { id: sub }, { token: owner.token });
    expect(deleted.errors).toBeUndefined();
    expect(await t.platform.db.selectFrom("project_user_credentials").select("sub").where("sub", "=", sub).execute()).toEqual([]);
    expect((await call(projectA, LIST_USERS, {}, { token })).status).toBe(401);
    await expect(signInProjectUser(projectA, email)).rejects.toMatchObject({ code: "NotAuthorizedException" });
  });
});

describe("pools stay apart", () => {
  it("refuses a project user's tokens at another project and at the platform", async () => {
    const email = uniqueEmail("customer");
    await signUpProjectUser(projectA, email);
    const { token, session } = await signInProjectUser(projectA, email);
    const refreshed = await refreshDirectly(projectB.clientId, session.getRefreshToken().getToken());
    expect(refreshed).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    const elsewhere = await call(projectB, LIST_USERS, {}, { token });
    expect(elsewhere.status).toBe(401);
    const platform = await t.graphql(`query { viewer { id } }`, {}, token);
    expect(platform.data?.viewer ?? null).toBeNull();
  });

  it("refuses a console user's refresh token and password at a project pool", async () => {
    const console = await t.signIn(owner.email);
    const refreshToken = console.session.getRefreshToken().getToken();
    expect(await refreshDirectly(projectA.clientId, refreshToken)).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    await expect(signInProjectUser(projectA, owner.email)).rejects.toMatchObject({ code: "NotAuthorizedException" });
  });

  it("keeps a console token on the member path of the project endpoint", async () => {
    const listed = await call(projectA, LIST_USERS, {}, { token: owner.token });
    expect(listed.status).toBe(200);
  });

  it("counts sign-up limits per pool", async () => {
    const email = uniqueEmail("limited");
    await signUpProjectUser(projectA, email);
    // The same address may sign up once more in another project's pool, but not again in this one.
    await signUpProjectUser(projectB, email);
    await expect(
      done((callback) => projectA.pool.signUp(email, TEST_PASSWORD, [new CognitoUserAttribute({ Name: "email", Value: email })], [], callback)),
    ).rejects.toMatchObject({ code: "LimitExceededException" });
  });
});
