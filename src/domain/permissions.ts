/**
 * Roles and the permissions derived from them (spec §6). The console uses these to show, hide
 * and disable; every resolver uses the same functions to refuse.
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

const manage = (roleType: RoleType, entity: PermissionEntity): Permission => ({
  type: "CAN_MANAGE",
  roleType,
  entity,
  actions: ["create", "read", "update", "delete"],
});
const view = (roleType: RoleType, entity: PermissionEntity): Permission => ({
  type: "CAN_VIEW",
  roleType,
  entity,
  actions: ["read"],
});

/** The permission connection of a role. Where the spec is silent we grant the least privilege. */
export function permissionsFor(roleType: RoleType): Permission[] {
  switch (roleType) {
    case "SUPERUSER":
    case "OWNER":
      return [manage(roleType, "ORG"), manage(roleType, "USERS"), manage(roleType, "APIS"), manage(roleType, "DATA")];
    case "ADMIN":
      return [view(roleType, "ORG"), manage(roleType, "USERS"), manage(roleType, "APIS"), manage(roleType, "DATA")];
    case "DEV":
      return [view(roleType, "ORG"), manage(roleType, "APIS"), manage(roleType, "DATA")];
    case "CONTENT":
      return [view(roleType, "ORG"), view(roleType, "APIS"), manage(roleType, "DATA")];
    case "SUPPORT":
      return [view(roleType, "ORG"), view(roleType, "APIS"), view(roleType, "DATA")];
    case "GUEST":
      return [view(roleType, "ORG"), view(roleType, "APIS")];
    case "NONE":
      return [];
  }
}

const has = (permissions: Permission[], type: PermissionType, entity: PermissionEntity) =>
  permissions.some((p) => p.type === type && p.entity === entity);

/** manage-org: edit the workspace, choose roles when inviting, delete the org or a project. */
export const canManageOrg = (permissions: Permission[]) => has(permissions, "CAN_MANAGE", "ORG");

/** manage-users: invite, edit and remove members. */
export const canManageUsers = (permissions: Permission[]) =>
  canManageOrg(permissions) || has(permissions, "CAN_MANAGE", "USERS");

export const isOwner = (permissions: Permission[]) =>
  permissions.some((p) => p.type === "CAN_MANAGE" && p.roleType === "OWNER");

export const isSuperuser = (permissions: Permission[]) =>
  permissions.some((p) => p.type === "CAN_MANAGE" && p.roleType === "SUPERUSER");

export const hasAdminPermissions = (roleType: RoleType) =>
  roleType === "ADMIN" || roleType === "OWNER" || roleType === "SUPERUSER";

export const canPublishApi = (roleType: RoleType) =>
  roleType === "DEV" || hasAdminPermissions(roleType);
