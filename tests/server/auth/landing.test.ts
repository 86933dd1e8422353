// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../harness";
import { expectOk, Q } from "../orgAreaFixtures";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const lastSignIns = (email: string) =>
  t.platform.db.selectFrom("roles").select(["org_id", "last_sign_in_at"]).where("user_email", "=", email).execute();

describe("signing in lands in a workspace", () => {
  it("names the workspace signed in to last in the ID token and records the sign-in there (spec §4)", async () => {
    const { email, token } = await t.signUp(uniqueEmail("lands"));
    const older = expectOk(await t.graphql(Q.createOrg, { input: { name: "Older" } }, token)).createOrg.org;
    const newer = expectOk(await t.graphql(Q.createOrg, { input: { name: "Newer" } }, token)).createOrg.org;

    // No sign-in recorded yet: 'else the first' — the oldest role.
    const first = await t.signIn(email);
    expect(first.idClaims["custom:landing_org"]).toBe(older.id);
    const recorded = await lastSignIns(email);
    expect(recorded.find((role) => role.org_id === older.id)?.last_sign_in_at).toBeTruthy();
    expect(recorded.find((role) => role.org_id === newer.id)?.last_sign_in_at).toBeNull();

    // The console records a workspace switch; the next sign-in remembers it.
    const newerRole = expectOk(await t.graphql(Q.roles, { orgId: newer.id }, first.token)).rolesByOrg.edges[0].node;
    expectOk(await t.graphql(Q.updateRole, { input: { id: newerRole.id, lastSignInAt: new Date(Date.now() + 1000).toISOString() } }, first.token));
    expect((await t.signIn(email)).idClaims["custom:landing_org"]).toBe(newer.id);
  });

  it("names no workspace without a role, so the console asks for roles and offers workspace setup", async () => {
    const { email } = await t.signUp(uniqueEmail("roleless"));
    expect((await t.signIn(email)).idClaims).not.toHaveProperty("custom:landing_org");
  });
});
