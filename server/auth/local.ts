import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Mailer } from "../mail/mailer";
import type { AuthContext } from "./context";
import { AuthError } from "./errors";
import { createHttpHandler } from "./http";
import { DEFAULT_TOKEN_TTL_SECONDS, loadKeys, type NewKeyPair } from "./keys";
import { resolveSecretKey } from "../security/secretKey";
import { activeSessionIds } from "./sessions";
import { authenticateToken } from "./tokens";
import { createVerifiedTokenCache } from "./verifiedTokens";
import type { AuthService } from "./index";
import { consolePool } from "./consolePool";
import { createProjectPools, poolIssuer } from "./projectPools";
import type { CredentialChange, PubSub } from "../pubsub";

/** The built-in Cognito-compatible user pool. */
export async function createLocalAuthService(deps: {
  db: Db;
  mailer: Mailer;
  config: Config;
  pubsub?: PubSub;
  accessTokenTtlSeconds?: number;
  failedSignInDelayMs?: number;
  newKeyPair?: NewKeyPair;
}): Promise<AuthService> {
  const { userPoolId, clientId } = deps.config.cognito;
  // The library refuses other pool ids, and SRP needs the part after "_".
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(userPoolId) || userPoolId.length > 55) {
    throw new Error(`COGNITO_USER_POOL_ID "${userPoolId}" is not a valid user pool id (region_Name)`);
  }
  const accessTokenTtlSeconds = deps.accessTokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  // On PostgreSQL other servers may share the database and end sign-ins this one is never told
  // of: each request's sign-in is read from the database there, not remembered.
  const rememberTokens = !deps.config.databaseUrl;
  const announce = (change: CredentialChange) => deps.pubsub?.credentialChanged(change);
  const shared = {
    db: deps.db,
    mailer: deps.mailer,
    keys: await loadKeys(deps.db, resolveSecretKey(deps.config), { tokenTtlSeconds: accessTokenTtlSeconds, newKeyPair: deps.newKeyPair }),
    accessTokenTtlSeconds,
    failedSignInDelayMs: deps.failedSignInDelayMs ?? 1000,
    limits: deps.config.limits,
  };
  const ctx: AuthContext = {
    ...shared,
    poolId: userPoolId,
    // Exactly the library's getUserPoolName(): the segment after the first "_".
    poolName: userPoolId.split("_")[1],
    clientId,
    issuer: poolIssuer(deps.config.publicUrl, userPoolId),
    verifiedTokens: createVerifiedTokenCache(Date.now, announce, rememberTokens),
    pool: consolePool,
  };
  const projectPools = createProjectPools(shared, deps.config.publicUrl, deps.pubsub?.changesCommitted ?? null, announce, rememberTokens);
  return {
    projectPools,
    handle: createHttpHandler(ctx, projectPools),
    verifyAccessToken: (token) =>
      ctx.verifiedTokens.verifyOnce(token, async () => {
        try {
          const { user, session, validUntil } = await authenticateToken(ctx, token);
          return { verified: { sub: user.sub, email: user.email, session }, validUntil };
        } catch (error) {
          // A refused token is an answer; a database failure is not, and must not look like a sign-out.
          if (error instanceof AuthError) return null;
          throw error;
        }
      }),
    activeSessions: (sessionIds) => activeSessionIds(ctx.db, sessionIds),
  };
}
