import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import type { AuthContext } from "./context";
import { notAuthorized } from "./errors";
import type { AuthUser } from "./users";
import { CONSOLE_TABLES, type PoolTables } from "./pool";

/*
 * A sign-in session is one auth_refresh_tokens row. Its id is the `origin_jti` of every token
 * issued from it, so revoking the row (RevokeToken, GlobalSignOut) ends both the refresh token
 * and the access tokens at once, to the millisecond and without a per-user "valid after" clock.
 */
export type Session = Selectable<Tables["auth_refresh_tokens"]>;

const DAY_MS = 24 * 60 * 60 * 1000;
const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;

/** Refresh tokens are 256 random bits, so a plain SHA-256 suffices to store them. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function startSession(ctx: AuthContext, sub: string): Promise<{ session: Session; refreshToken: string }> {
  const refreshToken = randomBytes(32).toString("base64url");
  const now = Date.now();
  // A missing row counts as ended, so old rows can go; revoked ones stay a day for clearer errors.
  await ctx.db
    .deleteFrom(ctx.pool.tables.sessions)
    .where("sub", "=", sub)
    .where((eb) =>
      eb.or([eb("expires_at", "<", new Date(now)), eb("revoked_at", "<", new Date(now - DAY_MS))]),
    )
    .execute();
  const session = await ctx.db
    .insertInto(ctx.pool.tables.sessions)
    .values({
      id: randomUUID(),
      sub,
      token_hash: hashToken(refreshToken),
      expires_at: new Date(now + REFRESH_TOKEN_TTL_MS),
      created_at: new Date(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { session, refreshToken };
}

/** The session behind a refresh token; refuses unknown, revoked and expired ones as Cognito does. */
export async function sessionForRefreshToken(ctx: AuthContext, refreshToken: string): Promise<Session> {
  const session = await ctx.db
    .selectFrom(ctx.pool.tables.sessions)
    .selectAll()
    .where("token_hash", "=", hashToken(refreshToken))
    .executeTakeFirst();
  if (!session) throw notAuthorized("Invalid Refresh Token");
  if (session.revoked_at) throw notAuthorized("Refresh Token has been revoked");
  if (session.expires_at.getTime() <= Date.now()) throw notAuthorized("Refresh Token has expired");
  return session;
}

/**
 * The user of a sign-in that is still active, with when the sign-in expires, in one query;
 * undefined once the sign-in was revoked, expired or pruned.
 */
export async function activeSessionUser(
  ctx: AuthContext,
  sessionId: string,
  sub: string,
): Promise<(AuthUser & { session_expires_at: Date }) | undefined> {
  return ctx.db
    .selectFrom(`${ctx.pool.tables.sessions} as s` as "auth_refresh_tokens as s")
    .innerJoin(`${ctx.pool.tables.users} as u` as "auth_users as u", "u.sub", "s.sub")
    .$if(ctx.pool.projectId !== null, (query) => query.where(sql.ref("u.api_id"), "=", ctx.pool.projectId))
    .selectAll("u")
    .select("s.expires_at as session_expires_at")
    .where("s.id", "=", sessionId)
    .where("s.sub", "=", sub)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", new Date())
    .executeTakeFirst();
}

/** Revokes the sign-in of a refresh token; the ids of the sessions that ended (none or one). */
export async function revokeSessionByRefreshToken(ctx: AuthContext, refreshToken: string): Promise<string[]> {
  const ended = await ctx.db
    .updateTable(ctx.pool.tables.sessions)
    .set({ revoked_at: new Date() })
    .where("token_hash", "=", hashToken(refreshToken))
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return ended.map((row) => row.id);
}

export async function revokeAllSessions(ctx: Pick<AuthContext, "pool">, db: DbOrTx, sub: string) {
  await db
    .updateTable(ctx.pool.tables.sessions)
    .set({ revoked_at: new Date() })
    .where("sub", "=", sub)
    .where("revoked_at", "is", null)
    .execute();
}

export async function activeSessionIds(db: DbOrTx, sessionIds: string[], table: PoolTables["sessions"] = CONSOLE_TABLES.sessions): Promise<Set<string>> {
  const ids = [...new Set(sessionIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select("id")
    .where("id", "in", ids)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", new Date())
    .execute();
  return new Set(rows.map((row) => row.id));
}
