import { hasDirective, withoutDirectives } from "./directives";
import { PUBLISHING_TYPES, type ObjectType, type PublishingType, type SchemaModel } from "./types";

/** A table's publishing state in canonical form: null for all, else the list in spec order. */
export function collapsePublishingTypes(list: readonly PublishingType[] | null | undefined): PublishingType[] | null {
  if (list == null) return null;
  const ordered = PUBLISHING_TYPES.filter((publishingType) => list.includes(publishingType));
  return ordered.length === PUBLISHING_TYPES.length ? null : ordered;
}

/**
 * Spec §4: all (null/undefined) toggles to none and anything else to all; queries and
 * subscriptions toggle alone; turning mutations off also removes subscriptions; a list holding
 * all three collapses to all.
 */
export function togglePublishingType(
  current: PublishingType[] | null | undefined,
  toggled: PublishingType | "all",
): PublishingType[] | null {
  const on = new Set<PublishingType>(current ?? PUBLISHING_TYPES);
  if (toggled === "all") return on.size === PUBLISHING_TYPES.length ? [] : null;
  if (on.has(toggled)) {
    on.delete(toggled);
    if (toggled === "mutations") on.delete("subscriptions");
  } else {
    on.add(toggled);
  }
  return collapsePublishingTypes([...on]);
}

/** The table permissions the user can toggle; owner is implicit and always on. */
export const TABLE_PERMISSIONS = ["publicRead", "publicCreate", "publicUpdate", "publicDelete", "group"] as const;
export type TablePermission = (typeof TABLE_PERMISSIONS)[number];

/** Permissions editing is offered only for OIDC or Cognito user-pool auth (spec §5). */
export const canEditPermissions = (authMode: string | null | undefined) =>
  authMode === "aws_oidc" || authMode === "aws_cognito_user_pools";

/** The table that holds the project's users (the `users` directive). */
export const isUsersTable = (objectType: ObjectType) => hasDirective(objectType.directives, "users");

/** The users table cannot be edited, duplicated or deleted once published (spec §5). */
export const canEditObjectType = (objectType: ObjectType, published: boolean) =>
  !(published && isUsersTable(objectType));

/** Every table without its permission directives (public create/read/update/delete and group). */
export function stripPermissionDirectives(model: SchemaModel): SchemaModel {
  return {
    ...model,
    objectTypes: model.objectTypes.map((objectType) => ({
      ...objectType,
      directives: withoutDirectives(objectType.directives, TABLE_PERMISSIONS),
    })),
  };
}

/** On template apply the public create/read/update/delete and group directives are stripped (spec §5). */
export const stripTemplateDirectives = stripPermissionDirectives;
