import type { ComponentType } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import type { OperationDescriptor } from "relay-runtime";
import { renderScreen } from "../renderScreen";
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

/** Renders a screen inside a memory router and the given mock Relay environment. */
export function renderWithRelay(
  Screen: ComponentType,
  environment: ReturnType<typeof createMockEnvironment>,
  path: string,
  entry: string,
) {
  return renderScreen(Screen, path, entry, (children) => (
    <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
  ));
}

/** The pending operations of one name, oldest first. */
export function operationsNamed(environment: ReturnType<typeof createMockEnvironment>, name: string): OperationDescriptor[] {
  return environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name === name);
}
