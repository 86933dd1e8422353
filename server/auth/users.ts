import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";

export type AuthUser = Selectable<Tables["auth_users"]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The column is a uuid: anything else must not reach the query, or PostgreSQL raises an error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function findUserBySub(db: DbOrTx, sub: string): Promise<AuthUser | undefined> {
  if (!isUuid(sub)) return Promise.resolve(undefined);
  return db.selectFrom("auth_users").selectAll().where("sub", "=", sub.toLowerCase()).executeTakeFirst();
}

export function findUserByEmail(db: DbOrTx, email: string): Promise<AuthUser | undefined> {
  return db.selectFrom("auth_users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

/**
 * Calls name the user by email before sign-in and by sub (USER_ID_FOR_SRP) after it, as Cognito
 * accepts both when the email is the username.
 */
export function findUser(db: DbOrTx, username: string): Promise<AuthUser | undefined> {
  return isUuid(username) ? findUserBySub(db, username) : findUserByEmail(db, username);
}
