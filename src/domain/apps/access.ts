import { usesUserPool } from "../project";

/**
 * Spec §5: adding a customer app requires cognito user pool auth — the app's users sign in
 * through the project's own pool, so a project without it could never let anyone in.
 */
export const APP_REQUIRES_USER_POOL = {
  messageId: "error_app_requires_user_pool",
  english: "Adding a customer app requires cognito user pool auth.",
} as const;

export const projectCanHaveApps = (api: { defaultAuthMode: string; additionalAuthModes: readonly string[] }) => usesUserPool(api);

/** The app's address (spec §3 appUrl). */
export const appUrlOf = (origin: string, appId: string) => `${origin}/apps/${appId}/`;

/** Who builds apps: whoever edits the project (DEV and up). Deleting one needs admin permissions (spec §6). */
export { canEditApis as canEditCustomerApps, hasAdminPermissions as canDeleteCustomerApps } from "../permissions";
