import { sql } from "kysely";
import type { DbOrTx } from "../../db/database";

/**
 * Counts a use of an API key in its current hour. The first use of an hour also drops the key's
 * buckets older than a day, so a key keeps about 25 rows however long it is used.
 */
export async function recordKeyUse(db: DbOrTx, keyId: string) {
  const { rows } = await sql<{ fresh: boolean }>`insert into project_api_key_uses (key_id, hour, uses, last_used_at)
    values (${keyId}, date_trunc('hour', now()), 1, now())
    on conflict (key_id, hour) do update set uses = project_api_key_uses.uses + 1, last_used_at = excluded.last_used_at
    returning (xmax = 0) as fresh`.execute(db);
  if (rows[0]?.fresh) {
    await sql`delete from project_api_key_uses where key_id = ${keyId} and hour < date_trunc('hour', now() - interval '24 hours')`.execute(db);
  }
}

/**
 * A key row's last use and its uses in the last 24 hours, as columns of a select from
 * project_api_keys. Counted by the hour: the 24 hours start at the beginning of the hour a day ago.
 */
export const KEY_USE_COLUMNS = sql`(select to_char(max(u.last_used_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from project_api_key_uses u where u.key_id = project_api_keys.id) as last_used_at,
  (select coalesce(sum(u.uses), 0)::int from project_api_key_uses u where u.key_id = project_api_keys.id and u.hour >= date_trunc('hour', now() - interval '24 hours')) as uses_24h`;
