/**
 * Roles and the permissions derived from them (spec §6). The console uses these to show, hide
 * and disable; every resolver uses the same functions to refuse. The full role × action table
 * is in docs/ROLES.md (a test keeps it in step with these functions).
 */
export const ROLE_TYPES = ["OWNER", "ADMIN", "DEV", "CONTENT", "SUPPORT", "GUEST", "NONE", "SUPERUSER"] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export type PermissionType = "CAN_MANAGE" | "CAN_VIEW" | "CAN_DELETE";
export type PermissionEntity = "ORG" | "USERS" | "APIS" | "DATA";

export interface Permission {
  type: PermissionType;
  roleType: RoleType;
  entity: PermissionEntity;
  actions: string[];
}

const ALL = ["create", "read", "update", "delete"];
const WRITE = ["create", "read", "update"];

const grant = (type: PermissionType, roleType: RoleType, entity: PermissionEntity, actions: string[]): Permission => ({
  type,
  roleType,
  entity,
  actions,
});

/**
 * The permission connection of a role. The spec fixes manage-org, manage-users, owner and
 * superuser; where it is silent each role gets the least it needs for its job:
 * ADMIN runs people and projects, DEV builds projects, CONTENT edits data, SUPPORT reads
 * everything of the projects, GUEST only looks at the workspace and its projects.
 */
export function permissionsFor(roleType: RoleType): Permission[] {
  const to = (type: PermissionType, entity: PermissionEntity, actions: string[]) => grant(type, roleType, entity, actions);
  switch (roleType) {
    case "SUPERUSER":
    case "OWNER":
      return [to("CAN_MANAGE", "ORG", ALL), to("CAN_MANAGE", "USERS", ALL), to("CAN_MANAGE", "APIS", ALL), to("CAN_MANAGE", "DATA", ALL), to("CAN_DELETE", "DATA", ["delete"])];
    case "ADMIN":
      return [to("CAN_VIEW", "ORG", ["read"]), to("CAN_MANAGE", "USERS", ALL), to("CAN_MANAGE", "APIS", WRITE), to("CAN_MANAGE", "DATA", ALL), to("CAN_DELETE", "DATA", ["delete"])];
    case "DEV":
      return [to("CAN_VIEW", "ORG", ["read"]), to("CAN_MANAGE", "APIS", WRITE), to("CAN_MANAGE", "DATA", WRITE)];
    case "CONTENT":
      return [to("CAN_VIEW", "ORG", ["read"]), to("CAN_VIEW", "APIS", ["read"]), to("CAN_MANAGE", "DATA", WRITE)];
    case "SUPPORT":
      return [to("CAN_VIEW", "ORG", ["read"]), to("CAN_VIEW", "APIS", ["read"]), to("CAN_VIEW", "DATA", ["read"])];
    case "GUEST":
      return [to("CAN_VIEW", "ORG", ["read"]), to("CAN_VIEW", "APIS", ["read"])];
    case "NONE":
      return [];
  }
}

const has = (permissions: Permission[], type: PermissionType, entity: PermissionEntity) =>
  permissions.some((p) => p.type === type && p.entity === entity);

/** Any role other than NONE may look at its workspace: projects, members, billing (read-only). */
export const canViewOrg = (permissions: Permission[]) =>
  has(permissions, "CAN_VIEW", "ORG") || has(permissions, "CAN_MANAGE", "ORG");

/** manage-org: edit the workspace, choose roles when inviting, delete the org or a project. */
export const canManageOrg = (permissions: Permission[]) => has(permissions, "CAN_MANAGE", "ORG");

/** manage-users: invite, edit and remove members. */
export const canManageUsers = (permissions: Permission[]) =>
  canManageOrg(permissions) || has(permissions, "CAN_MANAGE", "USERS");

export const isOwner = (permissions: Permission[]) =>
  permissions.some((p) => p.type === "CAN_MANAGE" && p.roleType === "OWNER");

export const isSuperuser = (permissions: Permission[]) =>
  permissions.some((p) => p.type === "CAN_MANAGE" && p.roleType === "SUPERUSER");

/**
 * What spec §6 reserves for owners (deleting a workspace or a project, giving, changing or
 * removing an owner). The platform superuser may do it too: it is the operator's account.
 */
export const hasOwnerRights = (permissions: Permission[]) => isOwner(permissions) || isSuperuser(permissions);

/** Deleting a workspace: manage-org and owner rights ('Only account owners can delete workspaces.'). */
export const canDeleteOrg = (permissions: Permission[]) => canManageOrg(permissions) && hasOwnerRights(permissions);

/** Deleting a project: the same rule ('Only account owners can delete projects.'). */
export const canDeleteApi = canDeleteOrg;

/** Creating projects and editing their model: whoever manages APIS (DEV and up). */
export const canEditApis = (permissions: Permission[]) => has(permissions, "CAN_MANAGE", "APIS");

/** Creating and editing data entries and files: CONTENT and up. */
export const canEditData = (permissions: Permission[]) => has(permissions, "CAN_MANAGE", "DATA");

/** Reading data entries, files and logs: SUPPORT and up (GUEST sees projects, not their data). */
export const canViewData = (permissions: Permission[]) => canEditData(permissions) || has(permissions, "CAN_VIEW", "DATA");

/** Admin permissions: delete apps, files, cloud functions, data entries, flows, API keys; see table ids. */
export const hasAdminPermissions = (roleType: RoleType) =>
  roleType === "ADMIN" || roleType === "OWNER" || roleType === "SUPERUSER";

/** Publish API: publish, add flows and API keys, edit keys, republish from the logs. */
export const canPublishApi = (roleType: RoleType) => roleType === "DEV" || hasAdminPermissions(roleType);

/*
 * Spec §6 says "Only OWNER or ADMIN can manage API keys, project data and users", yet gives DEV
 * "adding flows and API keys, editing keys" (canPublishApi) and lists deleting "data entries …
 * and API keys" as the admin permissions. Read together, "manage" there is the admin part:
 * deleting. So DEV and up add and edit keys, CONTENT and up create and edit entries, and only
 * OWNER and ADMIN delete either (docs/ROLES.md, docs/DECISIONS.md).
 */

/** Adding API keys and editing them: publish rights, never in an imported project ('Imported projects cannot manage keys.'). */
export const canEditApiKeys = (roleType: RoleType, imported: boolean) => !imported && canPublishApi(roleType);

/** Deleting API keys: admin permissions, never in an imported project. */
export const canDeleteApiKeys = (roleType: RoleType, imported: boolean) => !imported && hasAdminPermissions(roleType);

/** Deleting data entries, files, cloud functions, apps and flows: admin permissions. */
export const canDeleteData = (roleType: RoleType) => hasAdminPermissions(roleType);
