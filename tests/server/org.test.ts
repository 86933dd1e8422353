// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const CREATE_ORG = `mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id name } role { id type userEmail orgId permissionConnection { items { type roleType entity } } } } }`;
const VIEWER_ROLES = `{ viewer { id email roles { totalCount edges { node { id type orgId org { id name } } } } } }`;

async function ownerWithOrg(name = "Acme") {
  const owner = await t.signUp(uniqueEmail("owner"));
  const { data } = await t.graphql(CREATE_ORG, { input: { name } }, owner.token);
  return { ...owner, org: data.createOrg.org, role: data.createOrg.role };
}

describe("workspaces", () => {
  it("creates the org and the creator's OWNER role in one request", async () => {
    const owner = await ownerWithOrg("  Acme GmbH  ");
    expect(owner.org.name).toBe("Acme GmbH");
    expect(owner.role).toMatchObject({ type: "OWNER", userEmail: owner.email, orgId: owner.org.id });
    expect(owner.role.permissionConnection.items).toContainEqual({ type: "CAN_MANAGE", roleType: "OWNER", entity: "ORG" });
    const { data } = await t.graphql(VIEWER_ROLES, {}, owner.token);
    expect(data.viewer.roles.totalCount).toBe(1);
    expect(data.viewer.roles.edges[0].node.org).toEqual(owner.org);
  });

  it("refuses a workspace name that is only spaces and stores nothing", async () => {
    const user = await t.signUp(uniqueEmail());
    const result = await t.graphql(CREATE_ORG, { input: { name: "   " } }, user.token);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_org_requires_name" });
    const { data } = await t.graphql(VIEWER_ROLES, {}, user.token);
    expect(data.viewer.roles.totalCount).toBe(0);
  });

  it("answers a call without a token with 401 UNAUTHENTICATED", async () => {
    const result = await t.graphql(CREATE_ORG, { input: { name: "X" } });
    expect(result.status).toBe(401);
    expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("keeps another workspace's data from a member of a different one", async () => {
    const a = await ownerWithOrg("A");
    const b = await ownerWithOrg("B");
    const org = await t.graphql(`query ($id: ID!) { org(id: $id) { id name } }`, { id: a.org.id }, b.token);
    expect(org.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const roles = await t.graphql(`query ($id: ID!) { rolesByOrg(orgId: $id) { totalCount } }`, { id: a.org.id }, b.token);
    expect(roles.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const batch = await t.graphql(`query ($ids: [ID!]!) { batchGetOrg(ids: $ids) { id name } }`, { ids: [a.org.id, b.org.id] }, b.token);
    expect(batch.data.batchGetOrg).toEqual([null, { id: b.org.id, name: "B" }]);
    const node = await t.graphql(`query ($id: ID!) { node(id: $id) { id } }`, { id: a.role.id }, b.token);
    expect(node.data.node).toBeNull();
    const touch = await t.graphql(
      `mutation ($input: UpdateRoleInput!) { updateRole(input: $input) { id } }`,
      { input: { id: a.role.id, lastSignInAt: new Date().toISOString() } },
      b.token,
    );
    expect(touch.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("lists roles by org with paging and a total count", async () => {
    const owner = await ownerWithOrg();
    const { data } = await t.graphql(
      `query ($id: ID!) { rolesByOrg(orgId: $id, first: 100) { totalCount pageInfo { hasNextPage } edges { node { userEmail type lastSignInAt } } } }`,
      { id: owner.org.id },
      owner.token,
    );
    expect(data.rolesByOrg).toMatchObject({ totalCount: 1, pageInfo: { hasNextPage: false } });
    expect(data.rolesByOrg.edges[0].node).toMatchObject({ userEmail: owner.email, type: "OWNER", lastSignInAt: null });
  });

  it("pages roles by the last one seen, so a role removed between pages skips no other (keyset paging)", async () => {
    const owner = await ownerWithOrg();
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
    for (const i of [1, 2, 3]) {
      await t.platform.db
        .insertInto("roles")
        .values({ id: `role_page${i}${Date.now()}`, org_id: owner.org.id, user_email: `page${i}-${owner.email}`, type: "ADMIN", created_at: later(i), updated_at: later(i) })
        .execute();
    }
    const page = `query ($id: ID!, $after: String) { rolesByOrg(orgId: $id, first: 3, after: $after) { pageInfo { hasNextPage endCursor } edges { node { id userEmail } } } }`;
    const first = (await t.graphql(page, { id: owner.org.id }, owner.token)).data.rolesByOrg;
    expect(first.edges.map((edge: { node: { userEmail: string } }) => edge.node.userEmail)).toEqual([owner.email, `page1-${owner.email}`, `page2-${owner.email}`]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    await t.platform.db.deleteFrom("roles").where("id", "=", first.edges[1].node.id).execute();
    const next = (await t.graphql(page, { id: owner.org.id, after: first.pageInfo.endCursor }, owner.token)).data.rolesByOrg;
    expect(next.edges.map((edge: { node: { userEmail: string } }) => edge.node.userEmail)).toEqual([`page3-${owner.email}`]);
    expect(next.pageInfo.hasNextPage).toBe(false);
  });

  it("records the last sign-in on the member's own role", async () => {
    const owner = await ownerWithOrg();
    const at = "2026-11-22T10:00:00.000Z";
    const { data } = await t.graphql(
      `mutation ($input: UpdateRoleInput!) { updateRole(input: $input) { id lastSignInAt } }`,
      { input: { id: owner.role.id, lastSignInAt: at } },
      owner.token,
    );
    expect(data.updateRole.lastSignInAt).toBe(at);
  });

  it("creates the billing account with the workspace, named like it and billed to the owner (spec §7)", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const created = await t.graphql(
      `mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } billingAccount { id name billingEmail paymentProviderId orgId } } }`,
      { input: { name: "Books Co" } },
      owner.token,
    );
    const { org, billingAccount } = created.data.createOrg;
    expect(billingAccount).toMatchObject({ name: "Books Co", billingEmail: owner.email, paymentProviderId: "", orgId: org.id });
    const { data } = await t.graphql(`query ($id: ID!) { org(id: $id) { billingAccount { id } } }`, { id: org.id }, owner.token);
    expect(data.org.billingAccount.id).toBe(billingAccount.id);
  });

  it("upserts the billing account after creation, with the owner's email", async () => {
    const owner = await ownerWithOrg("Billing Co");
    const upsert = `mutation ($input: UpsertBillingAccountInput!) { upsertBillingAccount(input: $input) { id name billingEmail paymentProviderId orgId } }`;
    const first = await t.graphql(upsert, { input: { orgId: owner.org.id, name: "Billing Co", billingEmail: owner.email, paymentProviderId: "" } }, owner.token);
    expect(first.data.upsertBillingAccount).toMatchObject({ name: "Billing Co", billingEmail: owner.email, paymentProviderId: "" });
    const again = await t.graphql(upsert, { input: { orgId: owner.org.id, name: "Billing Co 2", billingEmail: owner.email } }, owner.token);
    expect(again.data.upsertBillingAccount.id).toBe(first.data.upsertBillingAccount.id);
    const { data } = await t.graphql(
      `query ($id: ID!) { org(id: $id) { billingAccounts { edges { node { id name } } } } }`,
      { id: owner.org.id },
      owner.token,
    );
    expect(data.org.billingAccounts.edges).toEqual([{ node: { id: first.data.upsertBillingAccount.id, name: "Billing Co 2" } }]);
  });

  it("refuses a billing email that is not an address", async () => {
    const owner = await ownerWithOrg();
    const result = await t.graphql(
      `mutation ($input: UpsertBillingAccountInput!) { upsertBillingAccount(input: $input) { id } }`,
      { input: { orgId: owner.org.id, name: "X", billingEmail: "not-an-email" } },
      owner.token,
    );
    expect(result.errors?.[0].extensions?.messageId).toBe("error_billing_requires_email");
  });

  it("creates the user record only for the signed-in person", async () => {
    const user = await t.signUp(uniqueEmail());
    const result = await t.graphql(
      `mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }`,
      { input: { id: "00000000-0000-0000-0000-000000000000", email: user.email } },
      user.token,
    );
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("pushes role changes in an org to subscribers", async () => {
    const owner = await ownerWithOrg();
    const subscription = t.subscribe(owner.token, `subscription ($orgId: ID!) { onRoleChangedInOrg(orgId: $orgId) { change role { id lastSignInAt } } }`, { orgId: owner.org.id });
    // Repeated until the subscriber hears it: nothing tells when the subscription is registered.
    await expect
      .poll(async () => {
        await t.graphql(
          `mutation ($input: UpdateRoleInput!) { updateRole(input: $input) { id } }`,
          { input: { id: owner.role.id, lastSignInAt: new Date().toISOString() } },
          owner.token,
        );
        return subscription.results.length;
      }, { timeout: 25_000 })
      .toBeGreaterThan(0);
    await subscription.close();
    const events = subscription.results.map((result) => result.data);
    expect(events[0]).toMatchObject({ onRoleChangedInOrg: { change: "UPDATED", role: { id: owner.role.id } } });
  });

  it("answers malformed requests with a 4xx, never a 500", async () => {
    const response = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const unknownField = await t.graphql(`{ nothingHere }`);
    expect(unknownField.status).toBeLessThan(500);
    expect(unknownField.errors?.[0].message).toMatch(/nothingHere/);
  });
});
