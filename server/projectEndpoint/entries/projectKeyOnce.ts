import { sql } from "kysely";
import type { Db, DbOrTx, Tx } from "../../db/database";

/** Whether this session may switch row triggers off (session_replication_role needs a superuser). */
export async function isSuperuser(db: DbOrTx) {
  const { rows } = await sql<{ superuser: string }>`select current_setting('is_superuser') as superuser`.execute(db);
  return rows[0].superuser === "on";
}

/** Asked once per database: a role's superuser attribute does not change while a server runs. */
const superuserOf = new WeakMap<Db, Promise<boolean>>();
export function sessionIsSuperuser(db: Db): Promise<boolean> {
  let known = superuserOf.get(db);
  if (!known) superuserOf.set(db, (known = isSuperuser(db)));
  return known;
}

/**
 * Every entry and activity of a write references the same project (api_id → apis), and
 * PostgreSQL checks that foreign key once per inserted row with a query of its own that locks
 * the project's row, a large share of a batch's database work. Where the session may (a
 * superuser, as PGlite always is), the write takes that same lock once and `insert` runs with
 * the row triggers off, switched back on before anything else the transaction writes. The
 * project cannot be deleted before the write commits, as with the per-row checks. Elsewhere
 * `insert` runs as it is.
 */
export async function withProjectKeyCheckedOnce<T>(tx: Tx, apiId: string, superuser: boolean, insert: () => Promise<T>): Promise<T> {
  if (!superuser) return insert();
  // One round trip: the project's row is locked and the triggers switched off only if it exists.
  const { rows } = await sql`select set_config('session_replication_role', 'replica', true) from apis where id = ${apiId} for key share`.execute(tx);
  if (rows.length === 0) throw new Error(`write into project ${apiId}: the project is gone`);
  const result = await insert();
  await sql`set local session_replication_role = origin`.execute(tx);
  return result;
}
