import type { RoleType } from "../../src/domain/permissions";
import { canDeleteData, canEditData, canViewData, permissionsFor } from "../../src/domain/permissions";
import { forbidden } from "../graphql/errors";

/**
 * Who calls a project endpoint: the holder of one of its API keys, or a member of its
 * workspace signed in to the console, acting by their role (docs/ROLES.md data.*).
 */
export type Caller = { kind: "apiKey"; keyId: string } | { kind: "member"; roleType: RoleType };

export type DataAction = "read" | "create" | "update" | "delete";

/** An API key may do whatever the schema publishes; a member what their role allows. */
export function mayDo(caller: Caller, action: DataAction): boolean {
  if (caller.kind === "apiKey") return true;
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
