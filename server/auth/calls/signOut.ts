import type { AuthContext } from "../context";
import { requireString, type JsonObject } from "../params";
import { revokeAllSessions, revokeSessionByRefreshToken } from "../sessions";
import { authenticate } from "../tokens";
import { requireClient } from "./client";

/** Ends every sign-in of the user: refresh tokens and the access tokens issued from them. */
export async function globalSignOut(ctx: AuthContext, body: JsonObject) {
  const user = await authenticate(ctx, requireString(body, "AccessToken"));
  await revokeAllSessions(ctx, ctx.db, user.sub);
  ctx.verifiedTokens.userChanged(user.sub);
  return {};
}

/**
 * Ends the sign-in a refresh token belongs to. Unknown or already revoked tokens succeed too:
 * the library retries every error for seconds before it signs out locally.
 */
export async function revokeToken(ctx: AuthContext, body: JsonObject) {
  requireClient(ctx, body);
  ctx.verifiedTokens.sessionsEnded(await revokeSessionByRefreshToken(ctx, requireString(body, "Token")));
  return {};
}
