import { getSession, updateSession } from "./sessionState";
import { sessionRevoked } from "./revocation";

/** Seconds of slack so a token does not expire between reading it and the server checking it. */
const EXPIRY_MARGIN_MS = 10_000;

export const loadCognito = () => import("./cognitoClient");

/** The access token for the next request, refreshed first when it is about to expire. */
export async function currentAccessToken(): Promise<string | undefined> {
  const { accessToken, expiresAt } = getSession();
  if (accessToken && expiresAt && expiresAt - EXPIRY_MARGIN_MS > Date.now()) return accessToken;
  if (!accessToken) return undefined;
  return refreshAccessToken();
}

let refreshing: Promise<string | undefined> | null = null;

/**
 * One refresh at a time: parallel requests that all got a 401 share it. A refresh the service
 * refuses means the sign-in was revoked (GlobalSignOut, a password reset elsewhere): that ends the
 * session at once, without the 'about to expire' dialog, which is for expiry (spec §2).
 */
export function refreshAccessToken(): Promise<string | undefined> {
  refreshing ??= (async () => {
    try {
      const cognito = await loadCognito();
      const session = await cognito.refreshSession();
      updateSession({ accessToken: session.accessToken, expiresAt: session.expiresAt, email: session.email });
      return session.accessToken;
    } catch (error) {
      if ((error as { code?: string }).code === "NotAuthorizedException") {
        await sessionRevoked();
      }
      return undefined;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}
