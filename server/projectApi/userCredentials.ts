import { passwordProblems } from "../../src/domain/account";
import { hasDirective } from "../../src/domain/model/directives";
import { isUsersTable } from "../../src/domain/model/publishing";
import { computeVerifier, randomSalt } from "../auth/srp";
import { isUniqueViolation } from "../db/errors";
import type { Tx } from "../db/database";
import { refuse } from "../graphql/errors";
import type { ProjectContext } from "./context";
import type { TablePlan } from "./plan";
import type { EntryRow } from "./store";

/*
 * The users table's password field is write-only (issue 10): a value written through the project
 * API becomes the SRP salt and verifier of the entry's sign-in (project_user_credentials), the
 * text itself is never stored, and the field always reads as null.
 */

const fieldWith = (table: TablePlan, directive: "userEmail" | "userPassword") =>
  isUsersTable(table.type) ? table.type.fields.find((field) => hasDirective(field.directives, directive))?.name : undefined;

/** The name of the table's password field, if it is the users table. */
export const passwordFieldOf = (table: TablePlan) => fieldWith(table, "userPassword");

/**
 * Takes the password out of the values to store. Null counts as no change: the field reads as
 * null, so a client sending back what it read must not end the user's sign-in.
 */
export function takePassword(table: TablePlan, values: Record<string, unknown>): string | undefined {
  const field = passwordFieldOf(table);
  if (!field || !(field in values)) return undefined;
  const password = values[field];
  delete values[field];
  if (typeof password !== "string" || password === "") return undefined;
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

/**
 * Keeps the entry's sign-in in step with what was written, in the write's transaction: a new
 * password sets the verifier (creating the sign-in of a user made through the API, confirmed,
 * as an admin-created Cognito user), a new email moves the sign-in to that address.
 */
export async function saveCredential(tx: Tx, ctx: ProjectContext, table: TablePlan, entry: EntryRow, password: string | undefined, poolName: string | null) {
  const emailField = fieldWith(table, "userEmail");
  if (!emailField) return;
  const value = entry.data[emailField];
  const email = typeof value === "string" && value !== "" ? value.toLowerCase() : null;
  const apiId = ctx.project.apiId;
  try {
    if (password !== undefined && poolName !== null) {
      if (!email) throw refuse("BAD_USER_INPUT", "error_value_password_email", `A password needs the user's ${emailField}.`, { field: emailField });
      const srp_salt = randomSalt();
      const credential = { email, srp_salt, srp_verifier: computeVerifier(poolName, entry.id, password, srp_salt), confirmed: true, updated_at: new Date() };
      await tx
        .insertInto("project_user_credentials")
        .values({ api_id: apiId, sub: entry.id, ...credential })
        .onConflict((conflict) => conflict.columns(["api_id", "sub"]).doUpdateSet(credential))
        .execute();
    } else if (email) {
      await tx
        .updateTable("project_user_credentials")
        .set({ email, updated_at: new Date() })
        .where("api_id", "=", apiId)
        .where("sub", "=", entry.id)
        .where("email", "!=", email)
        .execute();
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse("CONFLICT", "error_value_unique", `${emailField} must be unique: another entry has this value.`, { field: emailField });
    throw error;
  }
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

/** After the commit: tokens verified for deleted users stop working at once. */
export function forgetDeletedUsers(ctx: ProjectContext, subs: readonly string[]) {
  for (const sub of subs) ctx.project.userPools?.userDeleted(sub);
}
