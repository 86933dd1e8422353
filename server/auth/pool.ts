import type { JWTPayload } from "jose";
import type { DbOrTx, Tx } from "../db/database";

/**
 * Where a pool keeps its users, codes and sign-in sessions. The console's pool uses the auth_*
 * tables; a project's pool uses project_user_* tables with the same columns (migration
 * 0011), so one implementation of every call serves both.
 */
export interface PoolTables {
  users: "auth_users";
  codes: "auth_codes";
  sessions: "auth_refresh_tokens";
}

export const CONSOLE_TABLES: PoolTables = { users: "auth_users", codes: "auth_codes", sessions: "auth_refresh_tokens" };

/**
 * Typed as the console's tables because their columns are the same; the credentials table adds
 * only api_id, which is written by `createUser` alone, never through these names.
 */
export const PROJECT_TABLES = {
  users: "project_user_credentials",
  codes: "project_user_codes",
  sessions: "project_user_sessions",
} as unknown as PoolTables;

export interface NewPoolUser {
  email: string;
  locale: string;
  /** The SRP salt and verifier, which depend on the new user's sub. */
  credential: (sub: string) => { srp_salt: string; srp_verifier: string };
}

export interface CreatedPoolUser {
  sub: string;
  /** Tells others of the new user once the transaction has committed (a project's onCreate event). */
  announce?: () => void;
}

/** What differs between the console's pool and a project's pool. */
export interface PoolKind {
  tables: PoolTables;
  /** A project pool's project: its users share one table with every other project's. */
  projectId: string | null;
  /** Prefixes rate-limit keys and simulated ids, so limits and lockouts count per pool. */
  scope: string;
  /** Claims both tokens carry besides Cognito's own (a project pool's `cognito:groups`), read at each sign-in and refresh. */
  tokenClaims(db: DbOrTx, sub: string): Promise<JWTPayload>;
  /** Creates an unconfirmed user in the transaction; returns its sub. */
  createUser(tx: Tx, user: NewPoolUser): Promise<CreatedPoolUser>;
  /** Extra ID token claims of a password sign-in (the console's landing workspace). */
  signInClaims(db: DbOrTx, user: { sub: string; email: string }): Promise<JWTPayload>;
  /** Whether UpdateUserAttributes may start an email change (VerifyUserAttribute completes it). */
  allowsEmailChange: boolean;
  /**
   * A code just proved that `sub` holds the mailbox (a reset, or a verified email change to
   * `newEmail`), in the transaction that used the code. A project's pool hands the user their
   * users-table entry and moves its email field with the sign-in; returns what to announce
   * once the transaction has committed.
   */
  mailboxProven(tx: Tx, sub: string, newEmail: string | null): Promise<(() => void) | undefined>;
}
