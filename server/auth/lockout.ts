import { sql } from "kysely";
import type { AuthContext } from "./context";
import { notAuthorized } from "./errors";
import type { AuthUser } from "./users";

/*
 * Password guessing, per user: from the 6th consecutive wrong password the answer is delayed
 * (doubling), the 10th locks sign-in for 15 minutes. When the lock is set the count drops back to
 * the slow zone, so after the lock the user (or attacker) has slow tries left, not a fresh ten.
 * A correct password resets it all.
 */
const SLOW_AFTER = 5;
const LOCK_AT = 10;
const LOCK_MINUTES = 15;

const attemptsExceeded = () => notAuthorized("Password attempts exceeded");

export function assertNotLocked(user: AuthUser) {
  if (user.locked_until && user.locked_until.getTime() > Date.now()) throw attemptsExceeded();
}

/** Counts a wrong password, waits if the user is in the slow zone, and always throws. */
export async function refuseWrongPassword(ctx: AuthContext, sub: string): Promise<never> {
  const row = await ctx.db
    .updateTable("auth_users")
    .set({
      failed_attempts: sql`case when failed_attempts + 1 >= ${LOCK_AT} then ${SLOW_AFTER} else failed_attempts + 1 end`,
      locked_until: sql`case when failed_attempts + 1 >= ${LOCK_AT} then now() + make_interval(mins => ${LOCK_MINUTES}) else locked_until end`,
    })
    .where("sub", "=", sub)
    .returning(["failed_attempts", "locked_until"])
    .executeTakeFirst();
  if (row?.locked_until && row.locked_until.getTime() > Date.now()) throw attemptsExceeded();
  const failures = row?.failed_attempts ?? 0;
  if (failures > SLOW_AFTER) {
    await new Promise((resolve) => setTimeout(resolve, ctx.failedSignInDelayMs * 2 ** (failures - SLOW_AFTER - 1)));
  }
  throw notAuthorized();
}

export async function clearFailedPasswords(ctx: AuthContext, user: AuthUser) {
  if (user.failed_attempts === 0 && user.locked_until === null) return;
  await ctx.db
    .updateTable("auth_users")
    .set({ failed_attempts: 0, locked_until: null })
    .where("sub", "=", user.sub)
    .execute();
}
