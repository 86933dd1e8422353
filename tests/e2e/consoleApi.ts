import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from "amazon-cognito-identity-js";
import { PASSWORD, type PlatformProcess } from "./platform";

/** A user's console access token, signed in with SRP as the console does. */
export async function consoleToken(platform: PlatformProcess, email: string): Promise<string> {
  const pool = new CognitoUserPool({ UserPoolId: "local_baukasten", ClientId: "baukasten-console", endpoint: `${platform.url}/auth` });
  const user = new CognitoUser({ Username: email, Pool: pool });
  const session = await new Promise<CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), { onSuccess: resolve, onFailure: reject }),
  );
  return session.getAccessToken().getJwtToken();
}

/** A GraphQL POST with a bearer token, answered as parsed JSON. */
export async function postJson(url: string, token: string, body: unknown) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: token }, body: JSON.stringify(body) });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}
