// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { setDirective } from "../../../src/domain/model/directives";
import type { SchemaModel } from "../../../src/domain/model";
import { startTestPlatform, TEST_PASSWORD, uniqueEmail, type TestPlatform } from "../harness";
import { publishableModel } from "../publishing/models";
import { callProject, publishUserPoolProject, refreshProjectUser, signInProjectUser, signUpProjectUser, type PoolProject } from "../projectEndpoint/poolProject";

/*
 * A project's pool users and its API keys (public in every app) must never make or change a
 * sign-in through the data API: the users-table entry is profile data beside the credential,
 * which SignUp + code or a console member makes, whose password changes through the sign-in
 * service, and whose email moves only once the new address is proven (docs/DECISIONS.md).
 * Every attack goes through real HTTP with the unmodified amazon-cognito-identity-js.
 *
 * The users table opens create and update to everyone (publicCreate, publicUpdate), so signed-in
 * users and the project's API key reach every row: only the credential rule stands in the way.
 */
function openUsersModel(): SchemaModel {
  const model = publishableModel(1);
  return {
    ...model,
    objectTypes: model.objectTypes.map((table) =>
      table.name === "User" ? { ...table, directives: setDirective(setDirective(table.directives, "publicCreate", true), "publicUpdate", true) } : table,
    ),
  };
}

let t: TestPlatform;
let owner: { token: string; email: string };
let project: PoolProject;
let apiKey: string;

beforeAll(async () => {
  t = await startTestPlatform();
  owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Credentials" } }, owner.token);
  project = await publishUserPoolProject(t, owner.token, org.data.createOrg.org.id, "Shop", openUsersModel());
  apiKey = (await t.platform.apiKeys.insertKey(t.platform.db, project.apiId)).key;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (query: string, variables: Record<string, unknown>, auth: { token?: string; apiKey?: string }) => callProject(t, project, query, variables, auth);
const asMember = () => ({ token: owner.token });
const CREATE = `mutation ($input: CreateUserInput!) { createUser(input: $input) { id email } }`;
const UPDATE = `mutation ($input: UpdateUserInput!) { updateUser(input: $input) { id email } }`;
const DELETE = `mutation ($id: ID!) { deleteUser(input: { id: $id }) { id } }`;
const GET = `query ($id: ID!) { getUser(id: $id) { id email } }`;

/** A Cognito call sent directly to the sign-in service, as an app's SDK sends it. */
async function cognito(target: string, body: Record<string, unknown>) {
  const response = await fetch(`${t.url}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function signedUp(prefix: string) {
  const email = uniqueEmail(prefix);
  await signUpProjectUser(t, project, email);
  return { email, ...(await signInProjectUser(project, email)) };
}

const rowsWithEmail = async (email: string) =>
  (await t.platform.db.selectFrom("project_entries").select(["id", "owner", "data"]).where("api_id", "=", project.apiId).execute()).filter(
    (row) => String(row.data.email).toLowerCase() === email,
  );

/** Resets a password as its mailbox's owner does: ForgotPassword, then the mailed code. */
async function recover(email: string, password: string) {
  expect((await cognito("ForgotPassword", { ClientId: project.clientId, Username: email })).status).toBe(200);
  const code = await t.latestCode(email);
  const confirmed = await cognito("ConfirmForgotPassword", { ClientId: project.clientId, Username: email, ConfirmationCode: code, Password: password });
  expect(confirmed).toMatchObject({ status: 200 });
}

describe("minting an account for someone else's address", () => {
  it("is refused to a pool user: the victim's sign-up stays theirs", async () => {
    const attacker = await signedUp("attacker");
    const victim = uniqueEmail("victim");

    const minted = await call(CREATE, { input: { email: victim, password: "Attack123" } }, { token: attacker.token });
    expect(minted.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_user_password_members_only", field: "password" });
    // Without a password the entry would still be one the victim's sign-up takes over, prepared by the attacker.
    const prepared = await call(CREATE, { input: { email: victim } }, { token: attacker.token });
    expect(prepared.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_user_email_by_sign_up", field: "email" });
    expect(await rowsWithEmail(victim)).toEqual([]);
    await expect(signInProjectUser(project, victim, "Attack123")).rejects.toMatchObject({ code: "NotAuthorizedException" });

    // The victim's own sign-up works, and the entry and sign-in are theirs alone.
    await signUpProjectUser(t, project, victim);
    const own = await signInProjectUser(project, victim);
    expect(await rowsWithEmail(victim)).toEqual([expect.objectContaining({ id: own.sub, owner: own.sub })]);
    const reset = await call(UPDATE, { input: { id: own.sub, password: "Attack123" } }, { token: attacker.token });
    expect(reset.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_user_password_members_only" });
    await expect(signInProjectUser(project, victim, "Attack123")).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await signInProjectUser(project, victim);
  });

  it("is refused to the project's API key, which every app carries", async () => {
    const victim = uniqueEmail("victim");
    const minted = await call(CREATE, { input: { email: victim, password: "Attack123" } }, { apiKey });
    expect(minted.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_user_password_members_only" });
    const prepared = await call(CREATE, { input: { email: victim } }, { apiKey });
    expect(prepared.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_user_email_by_sign_up" });
    expect(await rowsWithEmail(victim)).toEqual([]);
    await expect(signInProjectUser(project, victim, "Attack123")).rejects.toMatchObject({ code: "NotAuthorizedException" });

    // Nor can the key move a user's sign-in to another address, or set their password.
    const user = await signedUp("keyed");
    const moved = await call(UPDATE, { input: { id: user.sub, email: uniqueEmail("elsewhere") } }, { apiKey });
    expect(moved.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_user_email_change_verified" });
    const reset = await call(UPDATE, { input: { id: user.sub, password: "Attack123" } }, { apiKey });
    expect(reset.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_user_password_members_only" });
    await expect(signInProjectUser(project, user.email, "Attack123")).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await signInProjectUser(project, user.email);
  });

  it("leaves an account made before this rule to its mailbox's owner once they reset the password", async () => {
    // The state an attacker could reach before: a confirmed sign-in for the victim's address in an entry the attacker owns.
    const attacker = await signedUp("attacker");
    const victim = uniqueEmail("victim");
    const made = await call(CREATE, { input: { email: victim, password: "Attack123" } }, asMember());
    const id = made.data.createUser.id as string;
    await t.platform.db.updateTable("project_entries").set({ owner: attacker.sub }).where("id", "=", id).execute();
    const squatter = await signInProjectUser(project, victim, "Attack123");

    // The owner of the address recovers it; the attacker's sign-in ends, and they cannot set the password again.
    await recover(victim, "Recovered1");
    expect((await call(GET, { id }, { token: squatter.token })).status).toBe(401);
    const again = await call(UPDATE, { input: { id, password: "Attack456" } }, { token: attacker.token });
    expect(again.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    // The entry is the recovered user's now: the attacker can no longer delete it (and the sign-in with it).
    const deleted = await call(DELETE, { id }, { token: attacker.token });
    expect(deleted.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND" });
    await expect(signInProjectUser(project, victim, "Attack456")).rejects.toMatchObject({ code: "NotAuthorizedException" });
    const recovered = await signInProjectUser(project, victim, "Recovered1");
    expect(recovered.sub).toBe(id);
  });
});

describe("a pool user's email", () => {
  it("does not move through updateUser: sign-in and the ID token keep the verified address", async () => {
    const user = await signedUp("mover");
    const target = uniqueEmail("taken-over");
    const moved = await call(UPDATE, { input: { id: user.sub, email: target } }, { token: user.token });
    expect(moved.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_user_email_change_verified", field: "email" });
    expect((await call(GET, { id: user.sub }, asMember())).data.getUser.email).toBe(user.email);
    await expect(signInProjectUser(project, target)).rejects.toMatchObject({ code: "NotAuthorizedException" });
    const again = await signInProjectUser(project, user.email);
    expect(again.session.getIdToken().payload).toMatchObject({ email: user.email, email_verified: true });

    // Sending back the address it has (a client saving the whole row) is no change.
    const same = await call(UPDATE, { input: { id: user.sub, email: user.email } }, { token: user.token });
    expect(same.errors).toBeUndefined();
  });

  it("moves through UpdateUserAttributes only once the code mailed to the new address is confirmed", async () => {
    const user = await signedUp("changer");
    const target = uniqueEmail("new-address");
    const asked = await cognito("UpdateUserAttributes", { AccessToken: user.token, UserAttributes: [{ Name: "email", Value: target }] });
    expect(asked.status).toBe(200);
    const code = await t.latestCode(target);

    // Pending: nothing moved, and nothing calls the new address verified.
    await expect(signInProjectUser(project, target)).rejects.toMatchObject({ code: "NotAuthorizedException" });
    const pending = await signInProjectUser(project, user.email);
    expect(pending.session.getIdToken().payload).toMatchObject({ email: user.email, email_verified: true });
    const attributes = (await cognito("GetUser", { AccessToken: user.token })).body.UserAttributes;
    expect(attributes).toContainEqual({ Name: "email", Value: user.email });
    expect((await call(GET, { id: user.sub }, asMember())).data.getUser.email).toBe(user.email);

    const wrong = await cognito("VerifyUserAttribute", { AccessToken: user.token, AttributeName: "email", Code: code === "000000" ? "111111" : "000000" });
    expect(wrong.body.__type).toBe("CodeMismatchException");
    const verified = await cognito("VerifyUserAttribute", { AccessToken: user.token, AttributeName: "email", Code: code });
    expect(verified.status).toBe(200);

    // Sign-in, the token and the users-table entry all moved to the proven address.
    const moved = await signInProjectUser(project, target);
    expect(moved.sub).toBe(user.sub);
    expect(moved.session.getIdToken().payload).toMatchObject({ email: target, email_verified: true });
    await expect(signInProjectUser(project, user.email)).rejects.toMatchObject({ code: "NotAuthorizedException" });
    expect((await call(GET, { id: user.sub }, asMember())).data.getUser.email).toBe(target);
  });
});

describe("the legitimate ways to a credential", () => {
  it("let a user change their password with ChangePassword and reset it with ForgotPassword", async () => {
    const user = await signedUp("keeper");
    const changed = await cognito("ChangePassword", { AccessToken: user.token, PreviousPassword: TEST_PASSWORD, ProposedPassword: "Changed123" });
    expect(changed.status).toBe(200);
    await signInProjectUser(project, user.email, "Changed123");
    await recover(user.email, "Recovered1");
    await expect(signInProjectUser(project, user.email, "Changed123")).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await signInProjectUser(project, user.email, "Recovered1");
  });

  it("let a console member create a user with a password, unverified until the user proves the address", async () => {
    const email = uniqueEmail("made-by-member");
    const made = await call(CREATE, { input: { email, password: "Member123" } }, asMember());
    expect(made.errors).toBeUndefined();
    const signedIn = await signInProjectUser(project, email, "Member123");
    expect(signedIn.session.getIdToken().payload).toMatchObject({ sub: made.data.createUser.id, email, email_verified: false });

    // The user proves the address with a code; from then on the token says so.
    expect((await cognito("GetUserAttributeVerificationCode", { AccessToken: signedIn.token, AttributeName: "email" })).status).toBe(200);
    const code = await t.latestCode(email);
    expect((await cognito("VerifyUserAttribute", { AccessToken: signedIn.token, AttributeName: "email", Code: code })).status).toBe(200);
    expect((await signInProjectUser(project, email, "Member123")).session.getIdToken().payload.email_verified).toBe(true);
  });

  it("let a console member set a user's password, which ends the user's sign-ins, and move their email unverified", async () => {
    const user = await signedUp("reset-by-member");
    const reset = await call(UPDATE, { input: { id: user.sub, password: "Member456" } }, asMember());
    expect(reset.errors).toBeUndefined();
    expect((await call(GET, { id: user.sub }, { token: user.token })).status).toBe(401);
    const refused = await fetch(`${t.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.InitiateAuth" },
      body: JSON.stringify({ AuthFlow: "REFRESH_TOKEN_AUTH", ClientId: project.clientId, AuthParameters: { REFRESH_TOKEN: user.session.getRefreshToken().getToken() } }),
    });
    expect(refused.status).toBe(400);
    await expect(signInProjectUser(project, user.email)).rejects.toMatchObject({ code: "NotAuthorizedException" });
    const again = await signInProjectUser(project, user.email, "Member456");
    expect(again.session.getIdToken().payload.email_verified).toBe(true);

    const target = uniqueEmail("moved-by-member");
    expect((await call(UPDATE, { input: { id: user.sub, email: target } }, asMember())).errors).toBeUndefined();
    const moved = await signInProjectUser(project, target, "Member456");
    expect(moved.session.getIdToken().payload).toMatchObject({ email: target, email_verified: false });
    const refreshed = await refreshProjectUser(t, project, moved.session.getRefreshToken().getToken());
    expect(decodeJwt(refreshed.idToken)).toMatchObject({ email: target, email_verified: false });
  });
});
