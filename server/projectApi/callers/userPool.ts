import { usesUserPool } from "../../../src/domain/project";
import type { DbOrTx } from "../../db/database";
import type { ProjectPools } from "../../auth/projectPools";
import type { Caller } from "../access";

/** The token of an `Authorization` header: raw, or after "Bearer " (both are sent by clients). */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const token = authorization.replace(/^Bearer\s+/i, "").trim();
  return token === "" ? null : token;
}

/**
 * A project user signed in to the project's own pool (issue 10, spec §7 "authorization with a
 * user-pool access token"): `null` when the token does not come from a project pool of this
 * service (the console's token takes the member path), `"refused"` when it does but is not a
 * valid token of THIS project's pool while the project signs users in with it.
 */
export async function userPoolCaller(
  db: DbOrTx,
  pools: ProjectPools | null,
  apiId: string,
  authorization: string | undefined,
): Promise<Caller | "refused" | null> {
  const token = bearerToken(authorization);
  if (!pools || !token) return null;
  const issuerPool = await pools.byToken(token);
  if (!issuerPool) return null;
  const api = await db
    .selectFrom("apis")
    .select(["default_auth_mode", "additional_auth_modes"])
    .where("id", "=", apiId)
    .executeTakeFirst();
  if (!api || !usesUserPool({ defaultAuthMode: api.default_auth_mode, additionalAuthModes: api.additional_auth_modes })) return "refused";
  const user = await pools.verifyAccessToken(apiId, token);
  return user ? { kind: "user", sub: user.sub, email: user.email, groups: user.groups, via: "userPool" } : "refused";
}
