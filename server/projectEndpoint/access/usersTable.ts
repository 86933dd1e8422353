import { sql } from "kysely";
import type { DbOrTx, Tx } from "../../db/database";
import { hasDirective } from "../../../src/domain/model/directives";
import { isUsersTable } from "../../../src/domain/model/publishing";
import type { SchemaModel } from "../../../src/domain/model";
import { entriesByIds, insertEntries, recordActivities, updateEntry, type EntryRow } from "../entries/store";

/**
 * A project's users table (spec §5 'A user table must be set up at publish'): its users are the
 * project's own user pool. The email field holds the sign-in address; the password
 * field is never stored, its value becomes the SRP verifier of project_user_credentials.
 */
export interface UsersTable {
  typeId: string;
  name: string;
  emailField: string;
  passwordField: string;
}

export function usersTableOf(model: SchemaModel): UsersTable | null {
  const table = model.objectTypes.find(isUsersTable);
  const email = table?.fields.find((field) => hasDirective(field.directives, "userEmail"));
  const password = table?.fields.find((field) => hasDirective(field.directives, "userPassword"));
  if (!table || !email || !password) return null;
  return { typeId: table.id, name: table.name, emailField: email.name, passwordField: password.name };
}

/** The users table of the version the project's endpoint serves; null before publishing. */
export async function liveUsersTable(db: DbOrTx, apiId: string): Promise<UsersTable | null> {
  const row = await db.selectFrom("project_live_versions").select("model").where("api_id", "=", apiId).executeTakeFirst();
  return row ? usersTableOf(row.model as SchemaModel) : null;
}

/**
 * The entry a new sign-up belongs to: one with this email that has no sign-in yet (a user the
 * project created through its API), else a new entry with an INSERT activity, in `tx`. Either
 * way the user becomes the entry's owner. `created` is the new entry, for the onCreate event
 * the caller publishes once `tx` has committed.
 */
export async function userEntryFor(tx: Tx, apiId: string, table: UsersTable, email: string): Promise<{ sub: string; created: EntryRow | null }> {
  const { rows } = await sql<{ id: string }>`select e.id from project_entries e
    where e.api_id = ${apiId} and e.type_id = ${table.typeId} and lower(e.data->>${table.emailField}) = ${email}
      and not exists (select 1 from project_user_credentials c where c.api_id = e.api_id and c.sub::text = e.id)
    limit 1`.execute(tx);
  const id = rows[0]?.id ?? (await insertEntries(tx, apiId, table.typeId, [{ data: { [table.emailField]: email }, parentFirst: null, parentSecond: null }]))[0].id;
  if (!rows[0]) await recordActivities(tx, apiId, "INSERT", table.name, [id]);
  // The user's own row is theirs (the entry's id is their sub): table permissions let the owner in.
  await tx.updateTable("project_entries").set({ owner: id }).where("api_id", "=", apiId).where("id", "=", id).execute();
  if (rows[0]) return { sub: id, created: null };
  const [created] = await entriesByIds(tx, apiId, table.typeId, [id]);
  return { sub: id, created };
}

/**
 * The user proved their mailbox with a code: their users-table entry becomes theirs (an entry
 * someone else made for their address can no longer be written by its maker) and, after a
 * verified email change, its email field holds the new address, with a MODIFY activity, in
 * `tx`. The changed entry is returned for the onUpdate event once `tx` has committed.
 */
export async function userEntryProven(tx: Tx, apiId: string, table: UsersTable, sub: string, newEmail: string | null): Promise<EntryRow | null> {
  await tx.updateTable("project_entries").set({ owner: sub }).where("api_id", "=", apiId).where("id", "=", sub).where("type_id", "=", table.typeId).execute();
  if (newEmail === null) return null;
  const changed = await updateEntry(tx, apiId, table.typeId, sub, { data: { [table.emailField]: newEmail } });
  if (changed) await recordActivities(tx, apiId, "MODIFY", table.name, [sub]);
  return changed ?? null;
}
