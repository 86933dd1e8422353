// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";
import { expectOk, expectRefused, Q } from "./orgAreaFixtures";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const ROLES = `query ($orgId: ID!) { rolesByOrg(orgId: $orgId) { edges { node { id userEmail viewerCanRemove } } } }`;

async function removable(token: string, orgId: string) {
  const { rolesByOrg } = expectOk(await t.graphql(ROLES, { orgId }, token));
  return Object.fromEntries(rolesByOrg.edges.map(({ node }: { node: { userEmail: string; viewerCanRemove: boolean } }) => [node.userEmail, node.viewerCanRemove]));
}

describe("Role.viewerCanRemove says what deleteRole would allow (spec §5 Users, §6)", () => {
  it("the only owner may remove others but not themselves; an admin may not remove an owner", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const org = expectOk(await t.graphql(Q.createOrg, { input: { name: "Solo" } }, owner.token)).createOrg.org;
    const admin = await t.signUp(uniqueEmail("admin"));
    const guestEmail = uniqueEmail("guest");
    for (const [email, type] of [[admin.email, "ADMIN"], [guestEmail, "GUEST"]]) {
      expectOk(await t.graphql(Q.createRole, { input: { orgId: org.id, userEmail: email, type } }, owner.token));
    }

    expect(await removable(owner.token, org.id)).toEqual({ [owner.email]: false, [admin.email]: true, [guestEmail]: true });
    // What the field says is what the server does.
    const { rolesByOrg } = expectOk(await t.graphql(Q.roles, { orgId: org.id }, owner.token));
    const ownRole = rolesByOrg.edges.find(({ node }: { node: { userEmail: string } }) => node.userEmail === owner.email).node;
    expectRefused(await t.graphql(Q.deleteRole, { input: { id: ownRole.id } }, owner.token), "FORBIDDEN", "error_user_mgt_cant_remove_self");

    expect(await removable(admin.token, org.id)).toEqual({ [owner.email]: false, [admin.email]: false, [guestEmail]: true });
  });

  it("with a second owner, each owner may remove the other", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const org = expectOk(await t.graphql(Q.createOrg, { input: { name: "Pair" } }, owner.token)).createOrg.org;
    const second = await t.signUp(uniqueEmail("second"));
    expectOk(await t.graphql(Q.createRole, { input: { orgId: org.id, userEmail: second.email, type: "OWNER" } }, owner.token));
    expect(await removable(owner.token, org.id)).toEqual({ [owner.email]: false, [second.email]: true });
    expect(await removable(second.token, org.id)).toEqual({ [owner.email]: true, [second.email]: false });
  });
});
