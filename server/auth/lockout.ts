import { sql } from "kysely";
import type { DbOrTx } from "../db/database";
import type { AuthContext } from "./context";
import { notAuthorized } from "./errors";

/*
 * Password guessing is counted per account and source address. From the 6th consecutive wrong
 * password from one address the answers slow down (doubling), the 10th locks that address out of
 * that account for 15 minutes; the count then drops back to the slow zone, so the next tries stay
 * slow. The owner signing in from another address is not affected. Only when addresses that each
 * reached the lock pile up (a distributed attack) is the account locked for every address.
 * Unknown names are counted under their simulated id, so they lock exactly like real accounts.
 */
const SLOW_AFTER = 5;
const LOCK_AT = 10;
const LOCK_MINUTES = 15;
/** Locked addresses that lock the whole account. */
const ACCOUNT_LOCK_SOURCES = 3;
/** A count older than this starts again from one. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

const attemptsExceeded = () => notAuthorized("Password attempts exceeded");

export async function assertNotLocked(ctx: AuthContext, account: string, source: string) {
  const locked = await ctx.db
    .selectFrom("auth_failures")
    .select("source")
    .where("account", "=", account)
    .where("locked_until", ">", new Date())
    .execute();
  if (locked.length >= ACCOUNT_LOCK_SOURCES || locked.some((row) => row.source === source)) throw attemptsExceeded();
}

/** Counts a wrong password, waits if this address is in the slow zone, and always throws. */
export async function refuseWrongPassword(ctx: AuthContext, account: string, source: string): Promise<never> {
  const now = new Date();
  const fresh = sql`auth_failures.updated_at < ${new Date(now.getTime() - FORGET_AFTER_MS)}`;
  const count = sql<number>`case when ${fresh} then 1 else auth_failures.failures + 1 end`;
  const row = await ctx.db
    .insertInto("auth_failures")
    .values({ account, source, failures: 1, locked_until: null, updated_at: now })
    .onConflict((oc) =>
      oc.columns(["account", "source"]).doUpdateSet({
        failures: sql`case when ${count} >= ${LOCK_AT} then ${SLOW_AFTER} else ${count} end`,
        locked_until: sql`case when ${count} >= ${LOCK_AT} then ${new Date(now.getTime() + LOCK_MINUTES * 60_000)} else auth_failures.locked_until end`,
        updated_at: now,
      }),
    )
    .returning(["failures", "locked_until"])
    .executeTakeFirstOrThrow();
  if (row.locked_until && row.locked_until.getTime() > now.getTime()) throw attemptsExceeded();
  if (row.failures > SLOW_AFTER) {
    await new Promise((resolve) => setTimeout(resolve, ctx.failedSignInDelayMs * 2 ** (row.failures - SLOW_AFTER - 1)));
  }
  throw notAuthorized();
}

/** A right password from an address forgets that address's wrong ones. */
export async function clearFailedPasswords(ctx: AuthContext, account: string, source: string) {
  await ctx.db.deleteFrom("auth_failures").where("account", "=", account).where("source", "=", source).execute();
}

/** A password reset proves the mailbox, so it lifts every lock on the account. */
export async function clearAllFailedPasswords(db: DbOrTx, account: string) {
  await db.deleteFrom("auth_failures").where("account", "=", account).execute();
}
