import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { AuthContext } from "./context";
import { notAuthorized } from "./errors";
import { activeSessionUser, type Session } from "./sessions";
import { isUuid, type AuthUser } from "./users";

interface IssuedTokens {
  IdToken: string;
  AccessToken: string;
  ExpiresIn: number;
  TokenType: "Bearer";
}

/**
 * ID and access tokens with Cognito's claims (developer guide, "using the id/access token"), so
 * code written against a real pool reads them the same way. The username is the sub, as in a pool
 * whose username attribute is the email.
 */
export async function issueTokens(ctx: AuthContext, user: AuthUser, session: Session, extraIdClaims: JWTPayload = {}): Promise<IssuedTokens> {
  const iat = Math.floor(Date.now() / 1000);
  const common = {
    sub: user.sub,
    iss: ctx.issuer,
    origin_jti: session.id,
    event_id: randomUUID(),
    auth_time: Math.floor(session.created_at.getTime() / 1000),
    iat,
    exp: iat + ctx.accessTokenTtlSeconds,
    ...(await ctx.pool.tokenClaims(ctx.db, user.sub)),
  };
  const idToken = await sign(ctx, {
    ...common,
    aud: ctx.clientId,
    token_use: "id",
    "cognito:username": user.sub,
    email: user.email,
    email_verified: user.email_verified,
    locale: user.locale,
    jti: randomUUID(),
    ...extraIdClaims,
  });
  const accessToken = await sign(ctx, {
    ...common,
    client_id: ctx.clientId,
    token_use: "access",
    scope: "aws.cognito.signin.user.admin",
    username: user.sub,
    jti: randomUUID(),
  });
  return { IdToken: idToken, AccessToken: accessToken, ExpiresIn: ctx.accessTokenTtlSeconds, TokenType: "Bearer" };
}

function sign(ctx: AuthContext, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ kid: ctx.keys.signing.kid, alg: "RS256" })
    .sign(ctx.keys.signing.privateKey);
}

/**
 * The user behind an access token, or NotAuthorizedException with Cognito's messages. Checks the
 * signature, issuer, token_use and client_id (access tokens carry no aud), and that its sign-in
 * session was not revoked.
 */
export async function authenticate(ctx: AuthContext, accessToken: string): Promise<AuthUser> {
  return (await authenticateToken(ctx, accessToken)).user;
}

/**
 * `authenticate`, with the sign-in session the token belongs to, when the token expires, and
 * until when this answer holds unless the session is revoked (the token's or the session's expiry).
 */
export async function authenticateToken(
  ctx: AuthContext,
  accessToken: string,
): Promise<{ user: AuthUser; session: { id: string; expiresAt: number }; validUntil: number; claims: JWTPayload }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(accessToken, ctx.keys.verificationKeys, {
      issuer: ctx.issuer,
      algorithms: ["RS256"],
      requiredClaims: ["sub", "exp", "iat", "origin_jti"],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw notAuthorized("Access Token has expired");
    throw notAuthorized("Invalid Access Token");
  }
  if (payload.token_use !== "access" || payload.client_id !== ctx.clientId) throw notAuthorized("Invalid Access Token");
  const sub = String(payload.sub);
  if (!isUuid(sub)) throw notAuthorized("Invalid Access Token");
  const user = await activeSessionUser(ctx, String(payload.origin_jti), sub);
  if (!user) throw notAuthorized("Access Token has been revoked");
  if (!user.confirmed) throw notAuthorized("Invalid Access Token");
  const expiresAt = payload.exp! * 1000;
  const { session_expires_at: sessionExpiresAt, ...authUser } = user;
  return {
    user: authUser,
    session: { id: String(payload.origin_jti), expiresAt },
    validUntil: Math.min(expiresAt, sessionExpiresAt.getTime()),
    claims: payload,
  };
}
