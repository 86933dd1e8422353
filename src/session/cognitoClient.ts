import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from "amazon-cognito-identity-js";
import "./srpModPow";
import type { Locale } from "../domain/locale";
import { createCredentialStorage } from "./credentialStorage";

/*
 * Promise wrappers around amazon-cognito-identity-js, the console's only door to sign-in. Loaded
 * lazily (`await import("./cognitoClient")`): the library is large and signed-out pages and the
 * first paint do not need it. It talks to the built-in service at /auth or to a real pool.
 */

export interface Session {
  accessToken: string;
  idToken: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  /** Epoch milliseconds on this browser's clock (the library's clock drift applied). */
  expiresAt: number;
  /**
   * The workspace a password sign-in lands in, its last sign-in already recorded (the built-in
   * service's `custom:landing_org` claim, server/auth/landing.ts); absent after a refresh and
   * with a real pool.
   */
  landingOrgId?: string;
}

/** What every function rejects with: `code` is Cognito's exception name. */
export interface CognitoError {
  code: string;
  message: string;
}

/** The built-in service's ids, the same defaults as server/config.ts. */
const LOCAL_USER_POOL_ID = "local_baukasten";
const LOCAL_CLIENT_ID = "baukasten-console";

interface Client {
  pool: CognitoUserPool;
  storage: ICognitoStorage;
}
let client: Client | undefined;

/**
 * Reads `<meta name="baukasten-config" content='{"userPoolId","clientId","authEndpoint","region"}'>`.
 * An authEndpoint (absolute or relative) overrides the AWS endpoint; without one, a region means a
 * real pool (the library derives the AWS endpoint from the pool id), and no region means /auth here.
 */
function getClient(): Client {
  if (client) return client;
  let meta: Record<string, unknown> = {};
  try {
    meta = JSON.parse(document.querySelector('meta[name="baukasten-config"]')?.getAttribute("content") || "{}");
  } catch {
    // A broken tag is treated like a missing one: the built-in service on this origin.
  }
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  const authEndpoint = text(meta.authEndpoint);
  const endpoint = authEndpoint
    ? new URL(authEndpoint, window.location.origin).href
    : text(meta.region)
      ? undefined
      : `${window.location.origin}/auth`;
  const storage = createCredentialStorage();
  const pool = new CognitoUserPool({
    UserPoolId: text(meta.userPoolId) ?? LOCAL_USER_POOL_ID,
    ClientId: text(meta.clientId) ?? LOCAL_CLIENT_ID,
    endpoint,
    Storage: storage,
  });
  // The library retries every failed call for seconds; a refused refresh or revocation is final,
  // and retrying it turned one ended session into a burst of refused calls. Offline, the next
  // action tries again anyway.
  const calls = (pool as unknown as { client: { request: unknown; requestWithRetry: unknown } }).client;
  calls.requestWithRetry = calls.request;
  client = { pool, storage };
  return client;
}

/** `new CognitoUser` does not inherit the pool's storage, so it is passed every time. */
function userFor(email: string): CognitoUser {
  const { pool, storage } = getClient();
  return new CognitoUser({ Username: email, Pool: pool, Storage: storage });
}

function toError(error: unknown): CognitoError {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof code === "string" && code ? code : "UnknownError",
    message: typeof message === "string" ? message : String(error),
  };
}

const notSignedIn = (): CognitoError => ({ code: "NotAuthorizedException", message: "Not signed in" });

/** Errors after which there is no session: the library's own (no code) and the service refusing the refresh. */
const SIGNED_OUT_CODES = new Set(["NotAuthorizedException", "UserNotFoundException", "UserNotConfirmedException"]);
const meansSignedOut = (error: unknown) => {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code !== "string" || !code || SIGNED_OUT_CODES.has(code);
};

function toSession(session: CognitoUserSession): Session {
  const id = session.getIdToken();
  const access = session.getAccessToken();
  // getClockDrift exists at runtime but is missing from the library's typings.
  const drift = (session as unknown as { getClockDrift(): number }).getClockDrift();
  return {
    accessToken: access.getJwtToken(),
    idToken: id.getJwtToken(),
    sub: String(id.payload.sub),
    email: String(id.payload.email),
    emailVerified: id.payload.email_verified === true,
    expiresAt: (Math.min(access.getExpiration(), id.getExpiration()) + drift) * 1000,
    ...(typeof id.payload["custom:landing_org"] === "string" ? { landingOrgId: id.payload["custom:landing_org"] } : {}),
  };
}

/** Node-style callback to promise, with errors in our shape. */
function call<T>(run: (done: (error: unknown, result?: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => run((error, result) => (error ? reject(toError(error)) : resolve(result as T))));
}

/** The stored session, refreshed by the library when expired. */
function sessionOf(user: CognitoUser): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) =>
    user.getSession((error: unknown, session: CognitoUserSession | null) => {
      if (session) resolve(session);
      else reject(meansSignedOut(error) ? notSignedIn() : toError(error));
    }),
  );
}

/** The current user with its session loaded, as the library's authenticated calls require. */
async function signedInUser(): Promise<CognitoUser> {
  const user = getClient().pool.getCurrentUser();
  if (!user) throw notSignedIn();
  await sessionOf(user);
  return user;
}

export async function signUp(email: string, password: string, locale: Locale) {
  const attributes = [
    new CognitoUserAttribute({ Name: "email", Value: email }),
    new CognitoUserAttribute({ Name: "locale", Value: locale }),
  ];
  const result = await call<{ userSub: string; userConfirmed: boolean }>((done) =>
    getClient().pool.signUp(email, password, attributes, [], done),
  );
  return { userSub: result.userSub, userConfirmed: result.userConfirmed };
}

export async function confirmSignUp(email: string, code: string): Promise<void> {
  await call((done) => userFor(email).confirmRegistration(code, false, done));
}

export async function resendSignUpCode(email: string): Promise<void> {
  await call((done) => userFor(email).resendConfirmationCode(done));
}

export function signIn(email: string, password: string): Promise<Session> {
  return new Promise((resolve, reject) => {
    // We never configure MFA or custom challenges; should a real pool ask for one, say so.
    const unsupported = () => reject({ code: "UnsupportedChallenge", message: "This sign-in step is not supported" });
    userFor(email).authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve(toSession(session)),
      onFailure: (error) => reject(toError(error)),
      newPasswordRequired: unsupported,
      mfaRequired: unsupported,
      totpRequired: unsupported,
      customChallenge: unsupported,
      mfaSetup: unsupported,
      selectMFAType: unsupported,
    });
  });
}

/** The signed-in session (refreshed when expired), or null when nobody is signed in. */
export async function currentSession(): Promise<Session | null> {
  const user = getClient().pool.getCurrentUser();
  if (!user) return null;
  try {
    return toSession(await sessionOf(user));
  } catch (error) {
    if ((error as CognitoError).code === "NotAuthorizedException") return null;
    throw error;
  }
}

/** New tokens now, even if the current ones look valid (the server may have refused them). */
export async function refreshSession(): Promise<Session> {
  const user = await signedInUser();
  const refreshToken = (await sessionOf(user)).getRefreshToken();
  return toSession(await call<CognitoUserSession>((done) => user.refreshSession(refreshToken, done)));
}

export async function forgotPassword(email: string): Promise<void> {
  await call((done) => userFor(email).forgotPassword({ onSuccess: () => done(null), onFailure: done }));
}

export async function confirmForgotPassword(email: string, code: string, newPassword: string): Promise<void> {
  await call((done) =>
    userFor(email).confirmPassword(code, newPassword, { onSuccess: () => done(null), onFailure: done }),
  );
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const user = await signedInUser();
  await call((done) => user.changePassword(oldPassword, newPassword, done));
}

/** Sends a code to the new address; the email changes only once `verifyEmail` accepts the code. */
export async function changeEmail(newEmail: string): Promise<void> {
  const user = await signedInUser();
  await call((done) => user.updateAttributes([new CognitoUserAttribute({ Name: "email", Value: newEmail })], done));
}

/** Confirms the new email with the code; returns the refreshed session, which carries it. */
export async function verifyEmail(code: string): Promise<Session> {
  const user = await signedInUser();
  await call((done) => user.verifyAttribute("email", code, { onSuccess: () => done(null), onFailure: done }));
  return refreshSession();
}

/** How long sign-out waits for the revocation; the library retries for seconds when offline. */
const REVOKE_TIMEOUT_MS = 3000;

/** Revokes this sign-in's refresh token (best effort) and always clears the stored credentials. */
export async function signOut(): Promise<void> {
  const { pool, storage } = getClient();
  const user = pool.getCurrentUser();
  if (user) {
    const revoked = new Promise<void>((resolve) => user.signOut(() => resolve()));
    await Promise.race([revoked, new Promise((resolve) => setTimeout(resolve, REVOKE_TIMEOUT_MS))]);
  }
  storage.clear();
}

/** Clears this tab's credentials without asking the service: the sign-in has already ended there. */
export function forgetCredentials(): void {
  getClient().storage.clear();
}

/** Ends every sign-in of the user on every device, then clears this tab's credentials. */
export async function globalSignOut(): Promise<void> {
  const user = await signedInUser();
  try {
    await call((done) => user.globalSignOut({ onSuccess: () => done(null), onFailure: done }));
  } catch (error) {
    // Already signed out on the server: locally signed out is all that is left to do.
    if ((error as CognitoError).code !== "NotAuthorizedException") throw error;
  }
  getClient().storage.clear();
}
