import type { RoleType } from "../../../src/domain/permissions";
import { canDeleteData, canEditData, canViewData, permissionsFor } from "../../../src/domain/permissions";
import { apiKeyReach, tableAccess, userReach, type ObjectType, type Reach, type TableOperation } from "../../../src/domain/model";
import { forbidden } from "../../graphqlKit/errors";

/**
 * Who calls a project endpoint: the holder of one of its API keys, a member of its workspace
 * signed in to the console, acting by their role (docs/ROLES.md data.*), or a signed-in user of
 * the project itself (its user pool, or an OIDC issuer), acting by the table permissions.
 */
export type Caller =
  | {
      kind: "apiKey";
      keyId: string;
      /** The key is an additional mode beside a user auth mode: it reaches only what is public. */
      publicOnly: boolean;
    }
  | { kind: "member"; roleType: RoleType }
  | { kind: "user"; sub: string; email: string | null; groups: string[]; via: "userPool" | "oidc" };

export type DataAction = TableOperation;

/**
 * What a caller may do to a project's data as a whole — the console's data features (CSV
 * import and export, the editing flags): an API key that is the project's way in, or a member
 * by role. Project users and public-only keys act on tables one by one (reachOf).
 */
export function mayDo(caller: Caller, action: DataAction): boolean {
  if (caller.kind === "apiKey") return !caller.publicOnly;
  if (caller.kind === "user") return false;
  const permissions = permissionsFor(caller.roleType);
  if (action === "read") return canViewData(permissions);
  if (action === "delete") return canDeleteData(caller.roleType);
  return canEditData(permissions);
}

export function requireAction(caller: Caller, action: DataAction) {
  if (mayDo(caller, action)) return;
  throw action === "delete" && caller.kind === "member"
    ? forbidden("error_api_management_requires_role", "Only users with role 'OWNER' or 'ADMIN' can manage API keys, project data or users.")
    : forbidden();
}

/** How far a caller reaches in one table with one operation (src/domain/model/tableAccess.ts). */
export function reachOf(caller: Caller, table: ObjectType, action: DataAction): Reach {
  if (caller.kind === "member") return mayDo(caller, action) ? "all" : "none";
  if (caller.kind === "apiKey") return apiKeyReach(tableAccess(table), caller.publicOnly, action);
  return userReach(tableAccess(table), caller, action);
}

/**
 * The reach of an operation the caller must be allowed at all: FORBIDDEN when it reaches no
 * entry; otherwise the owner a query or write is limited to (null: every entry).
 */
export function requireReach(caller: Caller, table: ObjectType, action: DataAction): { owner: string | null } {
  const reach = reachOf(caller, table, action);
  if (reach === "none") {
    if (caller.kind === "member") requireAction(caller, action);
    throw forbidden();
  }
  return { owner: reach === "own" && caller.kind === "user" ? caller.sub : null };
}
