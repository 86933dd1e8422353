import type { Locale } from "../domain/locale";
import { clearStored, readStored, writeStored } from "../storage";
import { getSession, resetSession, updateSession, type RoleInfo } from "./sessionState";
import { loadCognito } from "./tokens";
import { closeSessionExpired } from "./expiry";
import { hasStoredCredentials } from "../auth/credentialStorage";

/** Relay loads with the first signed-in call, not with the sign-in page. */
const loadRelay = () => import("./relaySession");

export interface AuthError {
  code: string;
  message: string;
}

/**
 * The password typed at sign-up or at a not-confirmed sign-in, kept in memory only, so the
 * confirm-code flow can sign in right after the code is accepted (spec §4).
 */
let pendingPassword: string | undefined;

/** Start-up: a stored session is resumed, otherwise the user is signed out. */
export async function initSession() {
  if (!hasStoredCredentials()) return resetSession("NotAuthenticated");
  try {
    const cognito = await loadCognito();
    const session = await cognito.currentSession();
    if (!session) return resetSession("NotAuthenticated");
    updateSession({ email: session.email, userId: session.sub, confirmed: true, accessToken: session.accessToken, expiresAt: session.expiresAt });
    await establishRoles();
  } catch {
    resetSession("NotAuthenticated");
  }
}

export async function signIn(email: string, password: string) {
  const cognito = await loadCognito();
  try {
    const session = await cognito.signIn(email, password);
    updateSession({ email: session.email, userId: session.sub, confirmed: true, accessToken: session.accessToken, expiresAt: session.expiresAt, error: undefined });
  } catch (error) {
    const authError = error as AuthError;
    if (authError.code === "UserNotConfirmedException") {
      pendingPassword = password;
      await cognito.resendSignUpCode(email).catch(() => undefined);
      updateSession({ status: "NotConfirmed", email, confirmed: false, error: undefined });
      return;
    }
    pendingPassword = undefined;
    updateSession({ status: "NotAuthenticated", error: authError, accessToken: undefined });
    throw authError;
  }
  await establishRoles();
}

export async function signUp(email: string, password: string, locale: Locale) {
  const cognito = await loadCognito();
  const result = await cognito.signUp(email, password, locale);
  pendingPassword = password;
  updateSession({ status: "NotConfirmed", email, userId: result.userSub, confirmed: result.userConfirmed, error: undefined });
}

/** `email` comes from the page's address after a reload, when the session has forgotten it. */
export async function resendSignUpCode(email = getSession().email) {
  if (!email) throw { code: "InvalidParameterException", message: "email missing" } satisfies AuthError;
  const cognito = await loadCognito();
  await cognito.resendSignUpCode(email);
}

/** Confirm, sign in, create the user record, load roles. Any failure clears the password. */
export async function confirmSignUp(code: string, email = getSession().email) {
  if (!email) throw { code: "InvalidParameterException", message: "email missing" } satisfies AuthError;
  const cognito = await loadCognito();
  await cognito.confirmSignUp(email, code);
  updateSession({ confirmed: true });
  const password = pendingPassword;
  pendingPassword = undefined;
  if (!password) {
    // Confirmed in another tab or after a reload: the password is gone, so sign in by hand.
    resetSession("NotAuthenticated");
    updateSession({ email });
    return "signInAgain" as const;
  }
  await signIn(email, password);
  return "signedIn" as const;
}

/** Loads roles and decides between Authenticated and NoRoles; FailedToGetRoles signs out. */
export async function establishRoles() {
  const { email, userId } = getSession();
  if (!email || !userId) return resetSession("NotAuthenticated");
  try {
    const relay = await loadRelay();
    const { roles } = await relay.loadRoles(relay.platformEnvironment(), { sub: userId, email });
    applyRoles(roles, relay);
  } catch (error) {
    await signOut();
    updateSession({ status: "FailedToGetRoles", error: { code: "FailedToGetRoles", message: String((error as Error).message ?? error) } });
  }
}

function applyRoles(roles: Record<string, RoleInfo>, relay: Awaited<ReturnType<typeof loadRelay>>, preferredOrgId?: string) {
  const orgIds = Object.keys(roles);
  if (orgIds.length === 0) {
    updateSession({ status: "NoRoles", roles, activeOrgId: undefined });
    return;
  }
  const remembered = preferredOrgId ?? readStored<string>("active-org");
  const activeOrgId = remembered && roles[remembered] ? remembered : orgIds[0];
  writeStored("active-org", activeOrgId);
  updateSession({ status: "Authenticated", roles, activeOrgId });
  void relay.recordSignIn(relay.platformEnvironment(), roles[activeOrgId].id).catch(() => undefined);
}

/** Switching org reloads roles and records the sign-in there (spec §4). */
export async function switchOrg(orgId: string) {
  const { email, userId } = getSession();
  if (!email || !userId) return;
  const relay = await loadRelay();
  const { roles } = await relay.loadRoles(relay.platformEnvironment(), { sub: userId, email });
  applyRoles(roles, relay, orgId);
}

/** After createOrg: the new owner role becomes the active one. */
export async function enterNewOrg(orgId: string) {
  await switchOrg(orgId);
}

export async function signOut() {
  pendingPassword = undefined;
  try {
    const cognito = await loadCognito();
    await cognito.signOut();
  } catch {
    // Signing out locally matters more than revoking remotely.
  }
  const relay = await loadRelay();
  await relay.closeSubscriptions();
  clearStored();
  relay.resetPlatformEnvironment();
  closeSessionExpired();
  resetSession("NotAuthenticated");
}
