import type { RoleType } from "../../src/domain/permissions";
import { canDeleteData, canEditData, canViewData, permissionsFor } from "../../src/domain/permissions";
import { forbidden } from "../graphql/errors";

/**
 * Who calls a project endpoint: the holder of one of its API keys, a member of its workspace
 * signed in to the console, acting by their role (docs/ROLES.md data.*), or one of the
 * project's own users (its user pool, or an OIDC provider).
 */
export type Caller =
  | { kind: "apiKey"; keyId: string }
  | { kind: "member"; roleType: RoleType }
  | { kind: "user"; sub: string; email: string | null; groups: string[]; via: "userPool" | "oidc" };

export type DataAction = "read" | "create" | "update" | "delete";

/**
 * An API key may do whatever the schema publishes; a member what their role allows. A project
 * user may read and create until the tables' permissions (owner, group, public) decide per
 * table; that rule belongs to the table-permissions work and replaces this one.
 */
export function mayDo(caller: Caller, action: DataAction): boolean {
  if (caller.kind === "apiKey") return true;
  if (caller.kind === "user") return action === "read" || action === "create";
  const permissions = permissionsFor(caller.roleType);
  if (action === "read") return canViewData(permissions);
  if (action === "delete") return canDeleteData(caller.roleType);
  return canEditData(permissions);
}

export function requireAction(caller: Caller, action: DataAction) {
  if (mayDo(caller, action)) return;
  throw action === "delete"
    ? forbidden("error_api_management_requires_role", "Only users with role 'OWNER' or 'ADMIN' can manage API keys, project data or users.")
    : forbidden();
}
