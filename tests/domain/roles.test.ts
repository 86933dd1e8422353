import { describe, expect, it } from "vitest";
import {
  canDeleteApi,
  canDeleteApiKeys,
  canDeleteData,
  canEditApiKeys,
  canDeleteOrg,
  canEditApis,
  canEditData,
  canManageOrg,
  canPublishApi,
  canViewData,
  canViewOrg,
  hasAdminPermissions,
  permissionsFor,
  ROLE_TYPES,
  type Permission,
  type RoleType,
} from "../../src/domain/permissions";
import { canAssignRole, changeRoleProblem, removeMemberProblem } from "../../src/domain/members";
import { readRoleTable } from "./roleTable";

const actor = (permissions: Permission[]) => ({ email: "actor@example.com", permissions });
const member = (type: RoleType) => ({ type, userEmail: "someone@example.com" });

/** Each documented action, as the domain decides it for a role. */
const RULES: Record<string, (permissions: Permission[], roleType: RoleType) => boolean> = {
  "org.view": (p) => canViewOrg(p),
  "org.update": (p) => canManageOrg(p),
  "billing.update": (p) => canManageOrg(p),
  "org.delete": (p) => canDeleteOrg(p),
  "members.invite": (p) => (["DEV", "CONTENT", "SUPPORT", "GUEST"] as const).every((role) => canAssignRole(p, role)),
  "members.inviteAdmin": (p) => canAssignRole(p, "ADMIN"),
  "members.inviteOwner": (p) => canAssignRole(p, "OWNER"),
  "members.changeRole": (p) => changeRoleProblem(actor(p), member("DEV"), "GUEST", 2) === null,
  "members.promoteAdmin": (p) => changeRoleProblem(actor(p), member("DEV"), "ADMIN", 2) === null,
  "members.changeOwner": (p) => changeRoleProblem(actor(p), member("OWNER"), "ADMIN", 2) === null,
  "members.remove": (p) =>
    removeMemberProblem(actor(p), member("ADMIN"), 2) === null && removeMemberProblem(actor(p), member("GUEST"), 2) === null,
  "members.removeOwner": (p) => removeMemberProblem(actor(p), member("OWNER"), 2) === null,
  "project.edit": (p) => canEditApis(p),
  "project.publish": (_, roleType) => canPublishApi(roleType),
  "project.delete": (p) => canDeleteApi(p),
  "plan.checkout": (_, roleType) => canPublishApi(roleType),
  "plan.cancel": (_, roleType) => hasAdminPermissions(roleType),
  "data.view": (p) => canViewData(p),
  "data.edit": (p) => canEditData(p),
  "apiKeys.edit": (_, roleType) => canEditApiKeys(roleType, false),
  "apiKeys.delete": (_, roleType) => canDeleteApiKeys(roleType, false),
  "data.delete": (_, roleType) => canDeleteData(roleType),
};

describe("docs/ROLES.md", () => {
  const table = readRoleTable();

  it("documents exactly the actions the domain decides", () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(RULES).sort());
  });

  for (const [action, rule] of Object.entries(RULES)) {
    it(`says who may ${action}, as the domain functions decide`, () => {
      const documented = table.get(action)!;
      const decided = Object.fromEntries(ROLE_TYPES.map((role) => [role, rule(permissionsFor(role), role)]));
      expect(decided).toEqual(documented);
    });
  }
});
