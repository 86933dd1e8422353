import { randomInt } from "node:crypto";
import { decodeJwt, type JWTPayload } from "jose";
import { LRUCache } from "lru-cache";
import type { DbOrTx } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { appendChanges } from "../changes/log";
import { entryChanges } from "../changes/topics";
import { liveUsersTable, userEntryFor, userEntryProven } from "../projectEndpoint/access/usersTable";
import { groupsOfUser } from "../projectEndpoint/access/userGroupsStore";
import type { AuthContext } from "./context";
import { AuthError } from "./errors";
import { PROJECT_TABLES, type PoolKind } from "./pool";
import { authenticateToken } from "./tokens";
import { createVerifiedTokenCache } from "./verifiedTokens";
import type { CredentialChange } from "../pubsub";

/** Everything a project pool's context shares with the console's. */
export type SharedAuthContext = Omit<AuthContext, "poolId" | "poolName" | "clientId" | "issuer" | "pool" | "verifiedTokens">;

interface PoolRow {
  api_id: string;
  pool_id: string;
  client_id: string;
}

/** A project user behind a verified access token of the project's pool. */
export interface ProjectUser {
  sub: string;
  email: string;
  groups: string[];
  /** The sign-in the token came from and when the token expires (epoch ms). */
  session: { id: string; expiresAt: number };
}

/** Pools answered without a database read; a pool's ids never change, so nothing goes stale. */
const CACHED_POOLS = 1000;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const LOWER_ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";
const randomText = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");

/**
 * Gives a project its own pool on the first publish with user-pool auth: ids in Cognito's shape
 * (`<region>_<9 characters>`, a 26-character client id), so amazon-cognito-identity-js accepts
 * them. Idempotent; the ids never change afterwards.
 */
export async function ensureUserPool(tx: DbOrTx, apiId: string, region: string): Promise<void> {
  await tx
    .insertInto("project_user_pools")
    .values({ api_id: apiId, pool_id: `${region || "local"}_${randomText(ALPHANUMERIC, 9)}`, client_id: randomText(LOWER_ALPHANUMERIC, 26) })
    .onConflict((conflict) => conflict.column("api_id").doNothing())
    .execute();
}

/** Where a pool's tokens say they come from; its JWKS is under the same path. */
export const poolIssuer = (publicUrl: string, poolId: string) => `${publicUrl}/auth/${poolId}`;

/**
 * The project pools the built-in sign-in service answers besides the console's: a call naming a
 * project's client id (or carrying a token its pool issued) is served with that project's users,
 * codes and sessions, under its own issuer, limits and lockouts.
 */
export function createProjectPools(
  shared: SharedAuthContext,
  publicUrl: string,
  /** Wakes the change followers after a commit that appended users-table events (server/changes). */
  changesCommitted: (() => void) | null,
  announce?: (change: CredentialChange) => void,
  rememberTokens = true,
) {
  const verifiedTokens = createVerifiedTokenCache(Date.now, announce, rememberTokens);
  const contexts = new LRUCache<string, AuthContext>({ max: CACHED_POOLS });

  function contextOf(row: PoolRow): AuthContext {
    const cached = contexts.get(row.pool_id);
    if (cached) return cached;
    const ctx: AuthContext = {
      ...shared,
      poolId: row.pool_id,
      poolName: row.pool_id.split("_")[1],
      clientId: row.client_id,
      issuer: poolIssuer(publicUrl, row.pool_id),
      verifiedTokens,
      pool: projectPool(row.api_id, row.pool_id, changesCommitted),
    };
    contexts.set(row.pool_id, ctx);
    return ctx;
  }

  async function find(column: "api_id" | "pool_id" | "client_id", value: string): Promise<AuthContext | null> {
    const row = await shared.db
      .selectFrom("project_user_pools")
      .select(["api_id", "pool_id", "client_id"])
      .where(column, "=", value)
      .executeTakeFirst();
    return row ? contextOf(row) : null;
  }

  const issuerPrefix = `${publicUrl}/auth/`;

  return {
    byClientId: (clientId: string) => find("client_id", clientId),
    byPoolId: (poolId: string) => find("pool_id", poolId),
    byApiId: (apiId: string) => find("api_id", apiId),
    /** The project pool a token names as its issuer (unverified: only to pick whom to ask). */
    async byToken(token: string): Promise<AuthContext | null> {
      const poolId = issuerPoolId(token, issuerPrefix);
      return poolId ? find("pool_id", poolId) : null;
    },
    /**
     * The project user behind an access token of the project's pool, or null when the token is
     * not one of this project's, has expired, or its sign-in has ended.
     */
    async verifyAccessToken(apiId: string, token: string): Promise<ProjectUser | null> {
      const ctx = await find("api_id", apiId);
      if (!ctx) return null;
      // Keyed by pool as well: a token verified for one project must not pass for another.
      const verified = await verifiedTokens.verifyOnce(`${ctx.poolId} ${token}`, async () => {
        try {
          const { user, session, validUntil, claims } = await authenticateToken(ctx, token);
          return { verified: { sub: user.sub, email: user.email, session, groups: groupsClaim(claims) }, validUntil };
        } catch (error) {
          if (error instanceof AuthError) return null;
          throw error;
        }
      });
      return verified ? { sub: verified.sub, email: verified.email, groups: verified.groups ?? [], session: verified.session } : null;
    },
    /** A project user's entry was deleted, or a member changed their sign-in: tokens verified for them are checked afresh. */
    userChanged: (sub: string) => verifiedTokens.userChanged(sub),
  };
}

export type ProjectPools = ReturnType<typeof createProjectPools>;

/** The groups a token of this service names; it signed them, so they are as a member granted them. */
function groupsClaim(claims: JWTPayload): string[] {
  const groups = claims["cognito:groups"];
  return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === "string") : [];
}

function issuerPoolId(token: string, issuerPrefix: string): string | null {
  let issuer: unknown;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return null;
  }
  if (typeof issuer !== "string" || !issuer.startsWith(issuerPrefix)) return null;
  const poolId = issuer.slice(issuerPrefix.length);
  return /^[\w-]+_[0-9a-zA-Z]+$/.test(poolId) ? poolId : null;
}

/** A project's pool: its users are entries of the project's users table (server/projectEndpoint/access/usersTable.ts). */
function projectPool(apiId: string, poolId: string, changesCommitted: (() => void) | null): PoolKind {
  return {
    tables: PROJECT_TABLES,
    projectId: apiId,
    scope: `pool:${poolId}:`,
    // Cognito puts the user's groups in both tokens; members grant them (projectEndpoint/access/userGroups.ts).
    tokenClaims: async (db, sub) => ({ "cognito:groups": await groupsOfUser(db, apiId, sub) }),
    // The new address gets a code; sign-in moves to it only at VerifyUserAttribute (mailboxProven).
    allowsEmailChange: true,
    async mailboxProven(tx, sub, newEmail) {
      const table = await liveUsersTable(tx, apiId);
      const changed = table ? await userEntryProven(tx, apiId, table, sub, newEmail) : null;
      if (!changed || !table) return undefined;
      await appendChanges(tx, entryChanges(apiId, table.typeId, "update", [changed]));
      return changesCommitted ?? undefined;
    },
    async createUser(tx, user) {
      const table = await liveUsersTable(tx, apiId);
      if (!table) throw new AuthError("InvalidParameterException", "This project has no users table.");
      const { sub, created } = await userEntryFor(tx, apiId, table, user.email);
      try {
        await tx
          .insertInto("project_user_credentials")
          .values({ api_id: apiId, sub, email: user.email, locale: user.locale, ...user.credential(sub) })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AuthError("UsernameExistsException", "An account with the given email already exists.");
        throw error;
      }
      // The users table's subscribers hear of a sign-up's new entry as of any other create.
      if (created) await appendChanges(tx, entryChanges(apiId, table.typeId, "create", [created]));
      return { sub, announce: created ? (changesCommitted ?? undefined) : undefined };
    },
    signInClaims: async () => ({}),
  };
}
