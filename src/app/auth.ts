import { AuthenticationDetails, CognitoUser, CognitoUserAttribute, CognitoUserPool, type CognitoUserSession } from "amazon-cognito-identity-js";
import "../session/srpModPow";
import type { AppPageConfig } from "../domain/apps/page";

/**
 * Sign-up, confirmation by the mailed code and sign-in against the project's own user pool
 * (amazon-cognito-identity-js, as any Cognito app would); the library keeps the session in the
 * browser's storage, per pool client, so a reload stays signed in.
 */
export function poolAuth(pool: NonNullable<AppPageConfig["userPool"]>) {
  const userPool = new CognitoUserPool({ UserPoolId: pool.userPoolId, ClientId: pool.clientId, endpoint: pool.endpoint });
  const userOf = (email: string) => new CognitoUser({ Username: email, Pool: userPool });
  const done = <T>(run: (callback: (error: Error | undefined, result?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result as T))));

  return {
    signUp: (email: string, password: string) =>
      done((callback) => userPool.signUp(email, password, [new CognitoUserAttribute({ Name: "email", Value: email })], [], (error, result) => callback(error, result))),
    confirm: (email: string, code: string) => done((callback) => userOf(email).confirmRegistration(code, false, callback)),
    signIn: (email: string, password: string) =>
      new Promise<CognitoUserSession>((resolve, reject) =>
        userOf(email).authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), { onSuccess: resolve, onFailure: reject }),
      ),
    /** A valid access token (refreshed by the library when needed), or null when signed out. */
    token: () =>
      new Promise<string | null>((resolve) => {
        const user = userPool.getCurrentUser();
        if (!user) return resolve(null);
        user.getSession((error: Error | null, session: CognitoUserSession | null) => resolve(error || !session?.isValid() ? null : session.getAccessToken().getJwtToken()));
      }),
    signOut: () => userPool.getCurrentUser()?.signOut(),
    /** Whether a sign-in failed because the account is not yet confirmed. */
    notConfirmed: (error: unknown) => (error as { code?: string })?.code === "UserNotConfirmedException",
  };
}
export type PoolAuth = ReturnType<typeof poolAuth>;
