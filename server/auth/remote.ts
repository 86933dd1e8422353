import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "../config";
import type { AuthService } from "./index";

/** Answers for GetUser are cached per token this long, so a GlobalSignOut takes effect soon. */
const EMAIL_CACHE_MS = 5 * 60 * 1000;

/**
 * A real Cognito user pool (COGNITO_REGION set): the console talks to AWS directly, so /auth
 * answers nothing. Access tokens are checked against the pool's JWKS; the email is not in an
 * access token, so it comes from GetUser, which also fails for revoked tokens.
 */
export function createRemoteAuthService(config: Config): AuthService {
  const { region, userPoolId, clientId } = config.cognito;
  const issuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const emails = new Map<string, { email: Promise<string | null>; until: number }>();

  async function fetchEmail(token: string): Promise<string | null> {
    const response = await fetch(`https://cognito-idp.${region}.amazonaws.com/`, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": "AWSCognitoIdentityProviderService.GetUser",
      },
      body: JSON.stringify({ AccessToken: token }),
    });
    if (!response.ok) return null;
    const user = (await response.json()) as { UserAttributes?: { Name: string; Value: string }[] };
    return user.UserAttributes?.find((attribute) => attribute.Name === "email")?.Value ?? null;
  }

  return {
    projectPools: null,
    async handle() {
      return new Response(JSON.stringify({ message: "Sign-in is served by Amazon Cognito" }), {
        status: 404,
        headers: { "content-type": "application/json" },
      });
    },
    async verifyAccessToken(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, jwks, { issuer, algorithms: ["RS256"] }));
      } catch {
        return null;
      }
      if (payload.token_use !== "access" || payload.client_id !== clientId || !payload.sub) return null;
      const now = Date.now();
      for (const [key, entry] of emails) if (entry.until <= now) emails.delete(key);
      let entry = emails.get(token);
      if (!entry) {
        entry = { email: fetchEmail(token).catch(() => null), until: Math.min(now + EMAIL_CACHE_MS, (payload.exp ?? 0) * 1000) };
        emails.set(token, entry);
      }
      const email = await entry.email;
      const session = { id: String(payload.origin_jti ?? payload.jti ?? token), expiresAt: (payload.exp ?? 0) * 1000 };
      return email ? { sub: payload.sub, email, session } : null;
    },
    // Cognito has no call that lists revocations; its subscriptions end when their token expires.
    activeSessions: async (sessionIds) => new Set(sessionIds),
  };
}
