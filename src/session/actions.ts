import type { Locale } from "../domain/locale";
import { clearStored, readStored, writeStored } from "../storage";
import { getSession, resetSession, updateSession, type RoleInfo } from "./sessionState";
import { loadCognito } from "./tokens";
import { closeSessionExpired } from "./expiry";
import { hasStoredCredentials } from "./credentialStorage";
import { offerSession, takeOverSession } from "./handover";
import { readStoredSession, type StoredSession } from "./storedSession";
import { onSessionRevoked } from "./revocation";

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

/** Start-up: a stored session, or one an open tab hands over, is resumed; otherwise signed out. */
export async function initSession() {
  offerSession();
  await takeOverSession();
  if (!hasStoredCredentials()) return resetSession("NotAuthenticated");
  try {
    // Valid stored tokens resume without the Cognito library, which loads when a refresh needs it.
    const stored = readStoredSession() ?? (await resumeWithCognito());
    if (!stored) return resetSession("NotAuthenticated");
    updateSession({ ...stored, confirmed: true });
    // A reload goes straight to the remembered workspace: its page's own queries tell whether the
    // role is still there, so no roles request delays them (the workspace list loads on demand).
    const remembered = readStored<string>("active-org");
    if (remembered) updateSession({ status: "Authenticated", activeOrgId: remembered });
    else await establishRoles();
  } catch {
    resetSession("NotAuthenticated");
  }
}

/** The library's view of the stored sign-in: it refreshes tokens that expired; null when signed out. */
async function resumeWithCognito(): Promise<StoredSession | null> {
  const cognito = await loadCognito();
  const session = await cognito.currentSession();
  return session && { email: session.email, userId: session.sub, accessToken: session.accessToken, expiresAt: session.expiresAt };
}

export async function signIn(email: string, password: string) {
  const cognito = await loadCognito();
  let session: Awaited<ReturnType<typeof cognito.signIn>>;
  try {
    session = await cognito.signIn(email, password);
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
  if (session.landingOrgId) return landOn(session.landingOrgId);
  await establishRoles({ recordSignIn: true });
}

/**
 * The sign-in service chose the workspace and recorded the sign-in there (spec §4), so the
 * dashboard's own queries are the only requests after signing in; they also tell whether the
 * role is still there, and the workspace list loads when the user menu needs it.
 */
function landOn(orgId: string) {
  writeStored("active-org", orgId);
  updateSession({ status: "Authenticated", activeOrgId: orgId, rolesLoaded: false });
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

/**
 * Loads roles and decides between Authenticated and NoRoles; FailedToGetRoles signs out. A
 * sign-in records the last sign-in on the chosen role (spec §4); a page load does not.
 */
export async function establishRoles(options: { recordSignIn?: boolean } = {}) {
  const { email, userId } = getSession();
  if (!email || !userId) return resetSession("NotAuthenticated");
  try {
    const relay = await loadRelay();
    const { roles } = await relay.loadRoles(relay.platformEnvironment(), { sub: userId, email });
    applyRoles(roles, relay, { recordSignIn: options.recordSignIn ?? false });
  } catch (error) {
    await signOut();
    updateSession({ status: "FailedToGetRoles", error: { code: "FailedToGetRoles", message: String((error as Error).message ?? error) } });
  }
}

function applyRoles(
  roles: Record<string, RoleInfo>,
  relay: Awaited<ReturnType<typeof loadRelay>>,
  options: { recordSignIn: boolean; preferredOrgId?: string },
) {
  const orgIds = Object.keys(roles);
  if (orgIds.length === 0) {
    updateSession({ status: "NoRoles", roles, rolesLoaded: true, activeOrgId: undefined });
    return;
  }
  const wanted = options.preferredOrgId ?? getSession().activeOrgId ?? readStored<string>("active-org");
  const activeOrgId = wanted && roles[wanted] ? wanted : orgIds[0];
  writeStored("active-org", activeOrgId);
  updateSession({ status: "Authenticated", roles, rolesLoaded: true, activeOrgId });
  if (options.recordSignIn) void relay.recordSignIn(relay.platformEnvironment(), roles[activeOrgId].id).catch(() => undefined);
}

/** The workspace list (user menu) and a check that the active workspace is still ours. */
export async function refreshRoles() {
  const { email, userId } = getSession();
  if (!email || !userId) return;
  const relay = await loadRelay();
  const { roles } = await relay.loadRoles(relay.platformEnvironment(), { sub: userId, email });
  applyRoles(roles, relay, { recordSignIn: false });
}

/** Switching org reloads roles and records the sign-in there (spec §4). */
export async function switchOrg(orgId: string) {
  const { email, userId } = getSession();
  if (!email || !userId) return;
  const relay = await loadRelay();
  const { roles } = await relay.loadRoles(relay.platformEnvironment(), { sub: userId, email });
  applyRoles(roles, relay, { recordSignIn: Boolean(roles[orgId]), preferredOrgId: orgId });
}

/** After createOrg: the new owner role becomes the active one. */
export async function enterNewOrg(orgId: string) {
  await switchOrg(orgId);
}

/**
 * True while this tab signs out on purpose: revoking the sign-in makes the server close the tab's
 * subscriptions and refuse its refresh token, which must not read as 'Your session has ended'.
 */
let signingOut = false;

export async function signOut() {
  pendingPassword = undefined;
  signingOut = true;
  try {
    const cognito = await loadCognito();
    await cognito.signOut();
  } catch {
    // Signing out locally matters more than revoking remotely.
  } finally {
    await forgetSession();
    signingOut = false;
  }
}

/**
 * The service refused to renew the sign-in: it was revoked. Forget it here and open the login
 * page afresh with 'Your session has ended. Please sign in again.'; reloading drops every
 * screen's data of the ended session at once.
 */
export async function endRevokedSession() {
  // A refresh refused after this tab signed out (a request that was in flight meanwhile) has no
  // session left to end, and a reload would cut off whatever the user opened since.
  if (signingOut || !getSession().accessToken) return;
  pendingPassword = undefined;
  const cognito = await loadCognito();
  cognito.forgetCredentials();
  await forgetSession();
  window.location.replace("/login?notice=sessionEnded");
}

// The token module reports a refused refresh here (session/revocation.ts).
onSessionRevoked(endRevokedSession);

async function forgetSession() {
  const relay = await loadRelay();
  await relay.closeSubscriptions();
  clearStored();
  relay.resetPlatformEnvironment();
  closeSessionExpired();
  resetSession("NotAuthenticated");
}
