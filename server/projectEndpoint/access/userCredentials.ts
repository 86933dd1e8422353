import { passwordProblems } from "../../../src/domain/account";
import { hasDirective } from "../../../src/domain/model/directives";
import { isUsersTable } from "../../../src/domain/model/publishing";
import { computeVerifier, randomSalt } from "../../auth/srp";
import { isUniqueViolation } from "../../db/errors";
import type { Tx } from "../../db/database";
import { notFound, refuse } from "../../graphqlKit/errors";
import type { ProjectContext } from "../context";
import type { TablePlan } from "../schema/plan";
import { lockEntry, type EntryRow } from "../entries/store";

/*
 * A users-table entry is the user's profile beside their sign-in (project_user_credentials,
 * docs/DECISIONS.md). The sign-in is made by SignUp and its code, or by a console member
 * (Cognito's AdminCreateUser / AdminSetUserPassword); a user changes their password through the
 * sign-in service (ChangePassword, ForgotPassword) and their email with UpdateUserAttributes and
 * the code mailed to the new address. Project users and API keys (public in apps) therefore
 * never write a password, nor an email that would make or move a sign-in. The password field is
 * write-only: a member's value becomes the SRP salt and verifier, the text is never stored, and
 * the field always reads as null.
 */

/** Console members act as the pool's administrators; everyone else is a user of the project or an app. */
const administers = (ctx: ProjectContext) => ctx.project.caller.kind === "member";

const fieldWith = (table: TablePlan, directive: "userEmail" | "userPassword") =>
  isUsersTable(table.type) ? table.type.fields.find((field) => hasDirective(field.directives, directive))?.name : undefined;

/** The name of the table's password field, if it is the users table. */
export const passwordFieldOf = (table: TablePlan) => fieldWith(table, "userPassword");

/**
 * Takes the password out of the values to store. Null counts as no change: the field reads as
 * null, so a client sending back what it read must not end the user's sign-in.
 */
export function takePassword(ctx: ProjectContext, table: TablePlan, values: Record<string, unknown>): string | undefined {
  const field = passwordFieldOf(table);
  if (!field || !(field in values)) return undefined;
  const password = values[field];
  delete values[field];
  if (typeof password !== "string" || password === "") return undefined;
  if (!administers(ctx)) {
    throw refuse(
      "FORBIDDEN",
      "error_user_password_members_only",
      `${field} cannot be written here: a user changes their password with ChangePassword or ForgotPassword, and only a console member sets one for them.`,
      { field },
    );
  }
  if (passwordProblems(password).length > 0 || password.length > 256) {
    throw refuse("BAD_USER_INPUT", "error_value_password", `${field} does not fulfill the password rules: at least 8 characters with a lowercase and an uppercase letter and a digit.`, { field });
  }
  return password;
}

/**
 * The SRP pool name new passwords are hashed with, read before the write's transaction (the
 * embedded database has one connection: a read outside an open transaction would wait for it).
 * Refuses passwords for a project without its own pool.
 */
export async function passwordPoolName(ctx: ProjectContext, passwords: readonly (string | undefined)[]): Promise<string | null> {
  if (passwords.every((password) => password === undefined)) return null;
  const pool = await ctx.project.userPools?.byApiId(ctx.project.apiId);
  if (!pool) throw refuse("BAD_USER_INPUT", "error_project_user_pool_missing", "This project has no user pool of its own: publish it with Cognito user pools to give its users passwords.");
  return pool.poolName;
}

/** The non-empty email a write by a project user or an API key gives the users table's email field, lowercased. */
function sentEmail(ctx: ProjectContext, table: TablePlan, values: Record<string, unknown>): string | null {
  const field = fieldWith(table, "userEmail");
  if (administers(ctx) || !field) return null;
  const value = values[field];
  return typeof value === "string" && value !== "" ? value.toLowerCase() : null;
}

const hasOwnPool = async (ctx: ProjectContext) => !!(await ctx.project.userPools?.byApiId(ctx.project.apiId));

/**
 * Refuses a users-table entry with an email made by a project user or an API key in a project
 * with its own pool: SignUp (or a member) makes the entry of an address, so nobody can prepare
 * the entry, nor hold the sign-in, of someone else's address. Read before the write's
 * transaction (the embedded database has one connection).
 */
export async function checkNewEntryEmails(ctx: ProjectContext, table: TablePlan, entries: readonly Record<string, unknown>[]) {
  const field = fieldWith(table, "userEmail");
  if (!field || !entries.some((values) => sentEmail(ctx, table, values) !== null)) return;
  if (!(await hasOwnPool(ctx))) return;
  throw refuse(
    "FORBIDDEN",
    "error_user_email_by_sign_up",
    `${field} cannot be written here: a user's entry with an email is made when they sign up, or by a console member.`,
    { field },
  );
}

/**
 * Whether an update by a project user or an API key sends the users table an email it must check
 * in the write's transaction (moveEmailCheck); read before the transaction.
 */
export async function emailNeedsCheck(ctx: ProjectContext, table: TablePlan, values: Record<string, unknown>): Promise<boolean> {
  return sentEmail(ctx, table, values) !== null && (await hasOwnPool(ctx));
}

/**
 * An email a project user or an API key writes must be the one the entry has (clients send back
 * what they read): a new address would move the sign-in without proof of the mailbox. The user
 * changes it with UpdateUserAttributes and the mailed code instead.
 */
export async function refuseEmailMove(tx: Tx, ctx: ProjectContext, table: TablePlan, id: string, owner: string | null, values: Record<string, unknown>) {
  const field = fieldWith(table, "userEmail")!;
  const current = await lockEntry(tx, ctx.project.apiId, table.type.id, id, owner);
  if (!current) throw notFound();
  const stored = current.data[field];
  if (typeof stored === "string" && stored.toLowerCase() === sentEmail(ctx, table, values)) return;
  throw refuse(
    "FORBIDDEN",
    "error_user_email_change_verified",
    `${field} cannot be changed here: the user changes their email with UpdateUserAttributes, and it moves once they confirm the code mailed to the new address.`,
    { field },
  );
}

/**
 * A member's write keeps the entry's sign-in in step, in the write's transaction (Cognito's
 * AdminCreateUser and AdminSetUserPassword): a password sets the verifier (creating the sign-in
 * of a user made in the console, confirmed) and ends the user's sessions; a new email moves the
 * sign-in to that address, unverified until the user confirms a code. Project users and API
 * keys never get here with a password or a new email (takePassword, refuseEmailMove). True when
 * the sign-in changed, so tokens verified for it are checked afresh after the commit.
 */
export async function saveCredential(tx: Tx, ctx: ProjectContext, table: TablePlan, entry: EntryRow, password: string | undefined, poolName: string | null): Promise<boolean> {
  const emailField = fieldWith(table, "userEmail");
  if (!emailField || !administers(ctx)) return false;
  const value = entry.data[emailField];
  const email = typeof value === "string" && value !== "" ? value.toLowerCase() : null;
  const apiId = ctx.project.apiId;
  let changed = false;
  try {
    if (password !== undefined && poolName !== null) {
      if (!email) throw refuse("BAD_USER_INPUT", "error_value_password_email", `A password needs the user's ${emailField}.`, { field: emailField });
      const srp_salt = randomSalt();
      const verifier = { srp_salt, srp_verifier: computeVerifier(poolName, entry.id, password, srp_salt), confirmed: true, updated_at: new Date() };
      // A new sign-in's address is the member's word, not proven: email_verified stays false.
      await tx
        .insertInto("project_user_credentials")
        .values({ api_id: apiId, sub: entry.id, email, ...verifier })
        .onConflict((conflict) => conflict.columns(["api_id", "sub"]).doUpdateSet(verifier))
        .execute();
      // A password set for the user is a reset: whoever knew the old one is signed out.
      await tx.updateTable("project_user_sessions").set({ revoked_at: new Date() }).where("sub", "=", entry.id).where("revoked_at", "is", null).execute();
      changed = true;
    }
    if (email) {
      const moved = await tx
        .updateTable("project_user_credentials")
        .set({ email, email_verified: false, updated_at: new Date() })
        .where("api_id", "=", apiId)
        .where("sub", "=", entry.id)
        .where("email", "!=", email)
        .executeTakeFirst();
      changed ||= Number(moved.numUpdatedRows) > 0;
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse("CONFLICT", "error_value_unique", `${emailField} must be unique: another entry has this value.`, { field: emailField });
    throw error;
  }
  return changed;
}

/** Deleted users-table entries lose their sign-in (codes and sessions cascade) in the same transaction. */
export async function deleteCredentials(tx: Tx, ctx: ProjectContext, table: TablePlan, entries: readonly EntryRow[]): Promise<string[]> {
  if (!isUsersTable(table.type) || entries.length === 0) return [];
  const deleted = await tx
    .deleteFrom("project_user_credentials")
    .where("api_id", "=", ctx.project.apiId)
    .where(
      "sub",
      "in",
      entries.map((entry) => entry.id),
    )
    .returning("sub")
    .execute();
  return deleted.map((row) => row.sub);
}

/** After the commit: tokens verified for deleted or reset users are checked afresh. */
export function forgetSignIns(ctx: ProjectContext, subs: readonly string[]) {
  for (const sub of subs) ctx.project.userPools?.userChanged(sub);
}
