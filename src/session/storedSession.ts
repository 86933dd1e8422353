import { createCredentialStorage, storedCredentialKeys } from "./credentialStorage";

/** A minute of slack: a token this close to expiry is renewed by the Cognito library instead. */
const RESUME_MARGIN_MS = 60_000;

export interface StoredSession {
  email: string;
  userId: string;
  accessToken: string;
  expiresAt: number;
}

/**
 * The stored sign-in of this tab, read without the Cognito library (a large chunk the page would
 * wait for before its first query): the tokens amazon-cognito-identity-js keeps under
 * `CognitoIdentityServiceProvider.<clientId>.<user>.*`, when both are still valid for a minute.
 * The server verifies every token as before; anything unusual (expired, missing, malformed) is
 * null and start-up asks the library, which refreshes or signs out.
 */
export function readStoredSession(now = Date.now()): StoredSession | null {
  const storage = createCredentialStorage();
  const lastUserKey = storedCredentialKeys().find((key) => key.endsWith(".LastAuthUser"));
  if (!lastUserKey) return null;
  const prefix = lastUserKey.slice(0, -".LastAuthUser".length);
  const user = storage.getItem(lastUserKey);
  if (!user) return null;
  const accessToken = storage.getItem(`${prefix}.${user}.accessToken`);
  const idToken = storage.getItem(`${prefix}.${user}.idToken`);
  const access = accessToken ? payloadOf(accessToken) : null;
  const id = idToken ? payloadOf(idToken) : null;
  if (!accessToken || !access || !id) return null;
  if (typeof access.exp !== "number" || typeof id.exp !== "number" || typeof id.sub !== "string" || typeof id.email !== "string") return null;
  // As the library does: the drift between this clock and the issuer's, measured at sign-in.
  const drift = Number(storage.getItem(`${prefix}.${user}.clockDrift`) ?? 0) || 0;
  const expiresAt = (Math.min(access.exp, id.exp) + drift) * 1000;
  if (expiresAt - RESUME_MARGIN_MS <= now) return null;
  return { email: id.email, userId: id.sub, accessToken, expiresAt };
}

function payloadOf(jwt: string): Record<string, unknown> | null {
  try {
    const part = jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    const value = JSON.parse(atob(part.padEnd(part.length + ((4 - (part.length % 4)) % 4), "=")));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
