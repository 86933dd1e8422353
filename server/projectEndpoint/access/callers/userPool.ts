import type { ProjectPools } from "../../../auth/projectPools";
import type { Caller } from "../access";
import { usesAuthMode, type ProjectAuth } from "../../live";
import type { CallerCredential } from "../../realtime/socketWatch";

/** The token of an `Authorization` header: raw, or after "Bearer " (both are sent by clients). */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const token = authorization.replace(/^Bearer\s+/i, "").trim();
  return token === "" ? null : token;
}

/**
 * A project user signed in to the project's own pool (spec §7 "authorization with a
 * user-pool access token"): `null` when the token does not come from a project pool of this
 * service (the console's token takes the member path), `"refused"` when it does but is not a
 * valid token of THIS project's pool while the project signs users in with it.
 */
export async function userPoolCaller(
  pools: ProjectPools | null,
  apiId: string,
  auth: ProjectAuth,
  authorization: string | undefined,
): Promise<{ caller: Caller; credential: CallerCredential } | "refused" | null> {
  const token = bearerToken(authorization);
  if (!pools || !token) return null;
  const issuerPool = await pools.byToken(token);
  if (!issuerPool) return null;
  if (!usesAuthMode(auth, "aws_cognito_user_pools")) return "refused";
  const user = await pools.verifyAccessToken(apiId, token);
  if (!user) return "refused";
  return {
    caller: { kind: "user", sub: user.sub, email: user.email, groups: user.groups, via: "userPool" },
    credential: { sessionId: user.session.id, sub: user.sub, expiresAt: user.session.expiresAt },
  };
}
