import { resetSession, updateSession } from "../../../src/session/sessionState";
import { canDeleteOrg, canEditApis, canManageOrg, canManageUsers, permissionsFor, type RoleType } from "../../../src/domain/permissions";
import { canAssignRole, INVITABLE_ROLES } from "../../../src/domain/members";

export const ORG_ID = "org_1";
export const MY_EMAIL = "me@example.com";

/** The signed-in user holds `type` in the test workspace. */
export function signInAs(type: RoleType) {
  updateSession({
    status: "Authenticated",
    email: MY_EMAIL,
    userId: "usr_me",
    activeOrgId: ORG_ID,
    roles: { [ORG_ID]: { id: "role_me", orgId: ORG_ID, orgName: "Acme", type } },
  });
}

/** The Org's viewerCan… fields as the server computes them for `type` (src/domain/permissions). */
export function viewerFields(type: RoleType) {
  const permissions = permissionsFor(type);
  return {
    viewerRoleType: type,
    viewerCanManageOrg: canManageOrg(permissions),
    viewerCanManageUsers: canManageUsers(permissions),
    viewerCanDeleteOrg: canDeleteOrg(permissions),
    viewerCanCreateApi: canEditApis(permissions),
    viewerAssignableRoles: INVITABLE_ROLES.filter((role) => canAssignRole(permissions, role)),
  };
}

export function signOutAfterTest() {
  resetSession("NotAuthenticated");
}
