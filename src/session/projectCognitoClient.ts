import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession, type ICognitoStorage } from "amazon-cognito-identity-js";
import "./srpModPow";

/*
 * Sign-in to a project's own user pool (spec §4 'Project-level API admin sign-in'),
 * loaded lazily like the console's own client. The tokens live in memory only: they belong to
 * the data explorer's network for that project and end with the page.
 */

export interface ProjectPool {
  poolId: string;
  clientId: string;
  /** The pool's sign-in endpoint (Api.authProviderUrl). */
  url: string;
}

export interface ProjectUserSession {
  user: CognitoUser;
  email: string;
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

function memoryStorage(): ICognitoStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}

const toSession = (user: CognitoUser, email: string, session: CognitoUserSession): ProjectUserSession => ({
  user,
  email,
  accessToken: session.getAccessToken().getJwtToken(),
  expiresAt: session.getAccessToken().getExpiration() * 1000,
});

/** SRP sign-in as a project user; rejects with Cognito's error (`code`). */
export function signInToProjectPool(pool: ProjectPool, email: string, password: string): Promise<ProjectUserSession> {
  const storage = memoryStorage();
  const userPool = new CognitoUserPool({ UserPoolId: pool.poolId, ClientId: pool.clientId, endpoint: new URL(pool.url, window.location.origin).href, Storage: storage });
  const user = new CognitoUser({ Username: email, Pool: userPool, Storage: storage });
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve(toSession(user, email, session)),
      onFailure: reject,
      // A new-password or MFA challenge cannot be answered here; the user signs in elsewhere first.
      newPasswordRequired: () => reject({ code: "PasswordResetRequiredException", message: "New password required" }),
    }),
  );
}

/** New tokens for the same sign-in; rejects when the pool refuses (signed out elsewhere, deleted). */
export function refreshProjectSession(current: ProjectUserSession): Promise<ProjectUserSession> {
  const refreshToken = current.user.getSignInUserSession()?.getRefreshToken();
  if (!refreshToken) return Promise.reject({ code: "NotAuthorizedException", message: "No refresh token" });
  return new Promise((resolve, reject) =>
    current.user.refreshSession(refreshToken, (error: unknown, session: CognitoUserSession) =>
      error ? reject(error) : resolve(toSession(current.user, current.email, session)),
    ),
  );
}
