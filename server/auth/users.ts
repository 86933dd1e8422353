import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import type { AuthContext } from "./context";

export type AuthUser = Selectable<Tables["auth_users"]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The column is a uuid: anything else must not reach the query, or PostgreSQL raises an error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

type Pool = Pick<AuthContext, "pool">;

/** The pool's users: a project pool's table holds every project's, so it is narrowed to the project. */
export function poolUsers(ctx: Pool, db: DbOrTx) {
  const query = db.selectFrom(ctx.pool.tables.users);
  const { projectId } = ctx.pool;
  return projectId === null ? query : query.where(sql.ref("api_id"), "=", projectId);
}

export function findUserBySub(ctx: Pool, db: DbOrTx, sub: string): Promise<AuthUser | undefined> {
  if (!isUuid(sub)) return Promise.resolve(undefined);
  return poolUsers(ctx, db).selectAll().where("sub", "=", sub.toLowerCase()).executeTakeFirst();
}

export function findUserByEmail(ctx: Pool, db: DbOrTx, email: string): Promise<AuthUser | undefined> {
  return poolUsers(ctx, db).selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

/**
 * Calls name the user by email before sign-in and by sub (USER_ID_FOR_SRP) after it, as Cognito
 * accepts both when the email is the username.
 */
export function findUser(ctx: Pool, db: DbOrTx, username: string): Promise<AuthUser | undefined> {
  return isUuid(username) ? findUserBySub(ctx, db, username) : findUserByEmail(ctx, db, username);
}
