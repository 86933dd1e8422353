import type { DbOrTx } from "../db/database";

/**
 * The platform's cloud-account pool (table aws_accounts; locally one default account with no
 * capacity limit). A project gets an account at creation; publishing needs one (spec §5).
 */
export async function assignAwsAccount(tx: DbOrTx): Promise<string | null> {
  const accounts = await tx
    .selectFrom("aws_accounts")
    .select(["id", "account_id", "capacity"])
    .where("enabled", "=", true)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const account of accounts) {
    if (account.capacity === null) return account.account_id;
    // Lock the account, then count in a fresh statement: a concurrent creation that took the
    // last place has committed by the time the lock is ours, so the count sees it.
    const locked = await tx
      .selectFrom("aws_accounts")
      .select("account_id")
      .where("id", "=", account.id)
      .where("enabled", "=", true)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) continue;
    const { count } = await tx
      .selectFrom("apis")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("aws_account_id", "=", account.account_id)
      .executeTakeFirstOrThrow();
    if (Number(count) < account.capacity) return account.account_id;
  }
  return null;
}

/** An account id may only be set to one the pool holds. */
export async function isPoolAccount(db: DbOrTx, accountId: string) {
  const row = await db
    .selectFrom("aws_accounts")
    .select("id")
    .where("account_id", "=", accountId)
    .where("enabled", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}
