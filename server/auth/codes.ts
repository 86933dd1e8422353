import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { isValidCode } from "../../src/domain/account";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import type { AuthContext } from "./context";
import { codeMismatch, expiredCode } from "./errors";

/** What a code proves: signup confirms the account, reset allows a new password, email an address. */
type CodePurpose = "signup" | "reset" | "email";
type CodeRow = Selectable<Tables["auth_codes"]>;

const HOUR = 60 * 60 * 1000;
const TTL_MS: Record<CodePurpose, number> = { signup: 24 * HOUR, reset: HOUR, email: HOUR };
/** Wrong guesses after which a code is dead: 5 of a million is a negligible chance. */
const MAX_ATTEMPTS = 5;

/**
 * Creates a 6-digit code and returns it in plain text for the mail; only an HMAC is stored, so a
 * database leak does not hand out working codes. A new code closes the older ones.
 */
export async function issueCode(
  ctx: AuthContext,
  db: DbOrTx,
  input: { sub: string; purpose: CodePurpose; newEmail?: string },
): Promise<string> {
  const now = Date.now();

  await db
    .deleteFrom(ctx.pool.tables.codes)
    .where("sub", "=", input.sub)
    .where("created_at", "<", new Date(now - 2 * 24 * HOUR))
    .execute();
  await db
    .updateTable(ctx.pool.tables.codes)
    .set({ used_at: new Date(now) })
    .where("sub", "=", input.sub)
    .where("purpose", "=", input.purpose)
    .where("used_at", "is", null)
    .execute();

  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db
    .insertInto(ctx.pool.tables.codes)
    .values({
      id,
      sub: input.sub,
      purpose: input.purpose,
      code_hash: hashCode(ctx, id, code),
      new_email: input.newEmail ?? null,
      expires_at: new Date(now + TTL_MS[input.purpose]),
      created_at: new Date(now),
    })
    .execute();
  return code;
}

/** The newest open code of a purpose: what a resend or a pending email change refers to. */
export function openCode(ctx: Pick<AuthContext, "pool">, db: DbOrTx, sub: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  return db
    .selectFrom(ctx.pool.tables.codes)
    .selectAll()
    .where("sub", "=", sub)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Checks a submitted code against the open one. A wrong guess is counted at once (outside any
 * transaction, so a rollback cannot undo it) and closes the code at MAX_ATTEMPTS. The caller then
 * spends the code with `useCode` in the transaction that applies its effect.
 */
export async function checkCode(ctx: AuthContext, sub: string, purpose: CodePurpose, code: string): Promise<CodeRow> {
  const row = await openCode(ctx, ctx.db, sub, purpose);
  if (!row || row.expires_at.getTime() <= Date.now()) {
    // Before sign-in, no usable code answers like a wrong one: an unknown name has none either.
    throw purpose === "email" ? expiredCode() : codeMismatch();
  }
  const matches = isValidCode(code) && safeEqualHex(hashCode(ctx, row.id, code), row.code_hash);
  if (!matches) {
    await ctx.db
      .updateTable(ctx.pool.tables.codes)
      .set({
        attempts: sql`attempts + 1`,
        used_at: sql`case when attempts + 1 >= ${MAX_ATTEMPTS} then now() else used_at end`,
      })
      .where("id", "=", row.id)
      .execute();
    throw codeMismatch();
  }
  return row;
}

/** Spends a code; the conditional update makes two simultaneous uses impossible. */
export async function useCode(ctx: Pick<AuthContext, "pool">, db: DbOrTx, id: string): Promise<void> {
  const spent = await db
    .updateTable(ctx.pool.tables.codes)
    .set({ used_at: new Date() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!spent) throw expiredCode();
}

function hashCode(ctx: AuthContext, id: string, code: string): string {
  return createHmac("sha256", ctx.keys.codeKey).update(`${id}:${code}`).digest("hex");
}

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
