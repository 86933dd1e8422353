// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";
import { address, expectOk, expectRefused, Q, snapshot, workspaceWith, type Account } from "./orgAreaFixtures";
import { readRoleTable } from "../domain/roleTable";
import { ROLE_TYPES, type RoleType } from "../../src/domain/permissions";

/**
 * The workspace part of docs/ROLES.md, walked over HTTP: for every role and every action a
 * fresh workspace; a ✓ call succeeds and changes the workspace, a ✗ call is refused with
 * FORBIDDEN and changes nothing.
 */
let t: TestPlatform;
let boss: Account;
const actors = {} as Record<RoleType, Account>;
const superuserEmail = uniqueEmail("superuser");

beforeAll(async () => {
  t = await startTestPlatform({ SUPERUSER_EMAILS: superuserEmail });
  boss = await t.signUp(uniqueEmail("boss"));
  for (const role of ROLE_TYPES) actors[role] = await t.signUp(role === "SUPERUSER" ? superuserEmail : uniqueEmail(role.toLowerCase()));
});
afterAll(async () => {
  await t?.close();
});

type Workspace = Awaited<ReturnType<typeof workspaceWith>>;
type Call = Awaited<ReturnType<TestPlatform["graphql"]>> & { data?: any };

/** Each action: the calls it makes as the actor (all must pass, or all be refused). */
const ACTIONS: Record<string, (ws: Workspace, token: string) => Promise<Call[]>> = {
  "org.view": async (ws, token) => [
    await t.graphql(Q.org, { id: ws.org.id }, token),
    await t.graphql(Q.roles, { orgId: ws.org.id }, token),
  ],
  "org.update": async (ws, token) => [
    await t.graphql(
      Q.updateOrg,
      { input: { id: ws.org.id, name: "Renamed", dataProcessingCategories: JSON.stringify({ dataCategories: "names", subjectCategories: "customers" }) } },
      token,
    ),
  ],
  "billing.update": async (ws, token) => [
    await t.graphql(Q.updateBilling, { input: { id: ws.billing.id, name: "Other GmbH", billingEmail: "x@acme.example", billingAddress: address() } }, token),
  ],
  "org.delete": async (ws, token) => [
    await t.graphql(Q.deleteOrg, { input: { id: ws.org.id, confirmName: ws.org.name, billingAccountId: ws.billing.id } }, token),
  ],
  "members.invite": async (ws, token) =>
    Promise.all(
      ["DEV", "CONTENT", "SUPPORT", "GUEST"].map((type) =>
        t.graphql(Q.createRole, { input: { orgId: ws.org.id, userEmail: uniqueEmail("new"), type } }, token),
      ),
    ),
  "members.inviteAdmin": async (ws, token) => [
    await t.graphql(Q.createRole, { input: { orgId: ws.org.id, userEmail: uniqueEmail("new"), type: "ADMIN" } }, token),
  ],
  "members.inviteOwner": async (ws, token) => [
    await t.graphql(Q.createRole, { input: { orgId: ws.org.id, userEmail: uniqueEmail("new"), type: "OWNER" } }, token),
  ],
  "members.changeRole": async (ws, token) => [await t.graphql(Q.updateRole, { input: { id: ws.dev.id, type: "GUEST" } }, token)],
  "members.promoteAdmin": async (ws, token) => [await t.graphql(Q.updateRole, { input: { id: ws.dev.id, type: "ADMIN" } }, token)],
  "members.changeOwner": async (ws, token) => [await t.graphql(Q.updateRole, { input: { id: ws.owner2.id, type: "ADMIN" } }, token)],
  "members.remove": async (ws, token) => [
    await t.graphql(Q.deleteRole, { input: { id: ws.admin.id } }, token),
    await t.graphql(Q.deleteRole, { input: { id: ws.dev.id } }, token),
  ],
  "members.removeOwner": async (ws, token) => [await t.graphql(Q.deleteRole, { input: { id: ws.owner2.id } }, token)],
};

const table = readRoleTable();
const workspaceActions = [...table.keys()].filter((action) => /^(org|billing|members)\./.test(action));

describe("role × action over HTTP (docs/ROLES.md)", () => {
  it("covers every workspace action of the table", () => {
    expect(workspaceActions.sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  for (const action of workspaceActions) {
    for (const role of ROLE_TYPES) {
      const allowed = table.get(action)![role];
      it(`${allowed ? "lets" : "refuses"} ${role} ${action}`, async () => {
        const ws = await workspaceWith(t, boss, actors[role], role);
        const before = await snapshot(t, ws.org.id);
        const results = await ACTIONS[action](ws, actors[role].token);
        const after = await snapshot(t, ws.org.id);
        if (allowed) {
          for (const result of results) expectOk(result);
          if (action === "org.view") expect(results[0].data.org.billingAccount.invoices.totalCount).toBe(2);
          else expect(after).not.toBe(before);
        } else {
          for (const result of results) expectRefused(result, "FORBIDDEN");
          expect(after).toBe(before);
        }
      });
    }
  }
});

describe("what nobody may do", () => {
  it("refuses everyone removing themselves, and changes nothing", async () => {
    for (const role of ["OWNER", "ADMIN", "DEV", "GUEST"] as const) {
      const ws = await workspaceWith(t, boss, actors[role], role);
      const own = expectOk(await t.graphql(Q.roles, { orgId: ws.org.id }, actors[role].token)).rolesByOrg.edges.find(
        (edge: { node: { userEmail: string } }) => edge.node.userEmail === actors[role].email,
      ).node;
      const before = await snapshot(t, ws.org.id);
      const result = await t.graphql(Q.deleteRole, { input: { id: own.id } }, actors[role].token);
      expectRefused(result, "FORBIDDEN", role === "OWNER" || role === "ADMIN" ? "error_user_mgt_cant_remove_self" : "error_user_mgt_can_manage");
      expect(await snapshot(t, ws.org.id)).toBe(before);
    }
  });

  it("keeps the last owner: the only owner cannot step down, a superuser cannot remove them", async () => {
    const lone = expectOk(await t.graphql(Q.createOrg, { input: { name: "Lone" } }, boss.token)).createOrg;
    const before = await snapshot(t, lone.org.id);
    expectRefused(await t.graphql(Q.updateRole, { input: { id: lone.role.id, type: "ADMIN" } }, boss.token), "FORBIDDEN", "error_user_mgt_last_owner");
    expectRefused(await t.graphql(Q.deleteRole, { input: { id: lone.role.id } }, actors.SUPERUSER.token), "FORBIDDEN", "error_user_mgt_last_owner");
    expect(await snapshot(t, lone.org.id)).toBe(before);
  });

  it("lets one of two owners step down, then refuses the other", async () => {
    const ws = await workspaceWith(t, boss, actors.OWNER, "OWNER");
    // Three owners (boss, owner2, actor): two step down, the last one cannot.
    expectOk(await t.graphql(Q.deleteRole, { input: { id: ws.owner2.id } }, boss.token));
    const bossRole = expectOk(await t.graphql(Q.roles, { orgId: ws.org.id }, boss.token)).rolesByOrg.edges.find(
      (edge: { node: { userEmail: string } }) => edge.node.userEmail === boss.email,
    ).node;
    expectOk(await t.graphql(Q.updateRole, { input: { id: bossRole.id, type: "ADMIN" } }, boss.token));
    const actorRole = expectOk(await t.graphql(Q.roles, { orgId: ws.org.id }, boss.token)).rolesByOrg.edges.find(
      (edge: { node: { userEmail: string } }) => edge.node.userEmail === actors.OWNER.email,
    ).node;
    expectRefused(await t.graphql(Q.updateRole, { input: { id: actorRole.id, type: "DEV" } }, actors.OWNER.token), "FORBIDDEN", "error_user_mgt_last_owner");
  });

  it("refuses giving NONE or SUPERUSER", async () => {
    const ws = await workspaceWith(t, boss, actors.OWNER, "OWNER");
    for (const type of ["NONE", "SUPERUSER"]) {
      expectRefused(await t.graphql(Q.updateRole, { input: { id: ws.dev.id, type } }, boss.token), "BAD_USER_INPUT", "error_invalid_role");
      expectRefused(
        await t.graphql(Q.createRole, { input: { orgId: ws.org.id, userEmail: uniqueEmail(), type } }, boss.token),
        "BAD_USER_INPUT",
        "global_org_invite_form_error",
      );
    }
  });

  it("records a sign-in only on one's own role", async () => {
    const ws = await workspaceWith(t, boss, actors.ADMIN, "ADMIN");
    const at = new Date().toISOString();
    expectRefused(await t.graphql(Q.updateRole, { input: { id: ws.dev.id, lastSignInAt: at } }, actors.ADMIN.token), "FORBIDDEN");
  });

  it("tells each member what they may do through the viewerCan… fields", async () => {
    const expected: Partial<Record<RoleType, [boolean, boolean, boolean]>> = {
      OWNER: [true, true, true],
      ADMIN: [false, true, false],
      DEV: [false, false, false],
      GUEST: [false, false, false],
      SUPERUSER: [true, true, true],
    };
    for (const [role, [manageOrg, manageUsers, deleteOrg]] of Object.entries(expected) as [RoleType, [boolean, boolean, boolean]][]) {
      const ws = await workspaceWith(t, boss, actors[role], role);
      const { org } = expectOk(await t.graphql(Q.org, { id: ws.org.id }, actors[role].token));
      expect([org.viewerCanManageOrg, org.viewerCanManageUsers, org.viewerCanDeleteOrg], role).toEqual([manageOrg, manageUsers, deleteOrg]);
    }
  });

  it("lets a superuser without a role manage a workspace, and tells a guest it may not create projects", async () => {
    const layout = `query ($id: ID!) { org(id: $id) { viewerRoleType viewerRole { id } viewerCanManageOrg viewerCanCreateApi viewerAssignableRoles } }`;
    const asSuperuser = await workspaceWith(t, boss, actors.SUPERUSER, "SUPERUSER");
    expect(expectOk(await t.graphql(layout, { id: asSuperuser.org.id }, actors.SUPERUSER.token)).org).toEqual({
      viewerRoleType: "SUPERUSER",
      viewerRole: null,
      viewerCanManageOrg: true,
      viewerCanCreateApi: true,
      viewerAssignableRoles: ["OWNER", "ADMIN", "CONTENT", "DEV", "GUEST", "SUPPORT"],
    });
    const asGuest = await workspaceWith(t, boss, actors.GUEST, "GUEST");
    const guest = expectOk(await t.graphql(layout, { id: asGuest.org.id }, actors.GUEST.token)).org;
    expect(guest).toMatchObject({ viewerRoleType: "GUEST", viewerCanManageOrg: false, viewerCanCreateApi: false, viewerAssignableRoles: [] });
    expect(guest.viewerRole.id).toMatch(/^role_/);
  });
});
