import { sql } from "kysely";
import type { Db } from "../../db/database";

const HOUR_MS = 3_600_000;
/** How long uses wait in memory before they are written. */
const FLUSH_AFTER_MS = 1_000;

/** One key's uses in one hour that are not written yet. */
interface PendingUses {
  keyId: string;
  hour: Date;
  uses: number;
  lastUsedAt: Date;
}

/** Where a key's uses of one hour are counted. */
const bucketOf = (uses: { keyId: string; hour: Date }) => `${uses.keyId}\n${uses.hour.getTime()}`;

/**
 * Counts the uses of API keys by the hour. A request only counts in memory; the counts are
 * written within a second, in one statement for every key used meanwhile, so a read through a
 * key costs no write of its own. Each server adds its own counts to the rows (several servers
 * share them). Anyone reading the counts calls `flush()` first, to see this server's latest uses.
 */
export function createKeyUseTally(db: Db) {
  let pending = new Map<string, PendingUses>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function record(keyId: string) {
    const now = new Date();
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const bucket = bucketOf({ keyId, hour });
    const counted = pending.get(bucket);
    if (counted) {
      counted.uses++;
      counted.lastUsedAt = now;
    } else {
      pending.set(bucket, { keyId, hour, uses: 1, lastUsedAt: now });
    }
    timer ??= setTimeout(() => void flush().catch(() => {}), FLUSH_AFTER_MS);
  }

  /** Writes what is counted so far; resolves when this server's uses are all in the table. */
  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending = new Map();
    // One write at a time, in order: a flush resolves after every earlier one.
    writing = writing.catch(() => {}).then(() => (batch.length ? write(batch) : undefined));
    return writing.catch((error: unknown) => {
      // Kept for the next flush: a database that was away for a moment loses no count.
      for (const uses of batch) {
        const bucket = bucketOf(uses);
        const later = pending.get(bucket);
        pending.set(bucket, later ? { ...uses, uses: uses.uses + later.uses, lastUsedAt: later.lastUsedAt } : uses);
      }
      throw error;
    });
  }

  /**
   * Adds the batch to the hourly rows. Keys deleted meanwhile are left out (their rows went with
   * them); a key's buckets older than a day are dropped, so a key keeps about 25 rows.
   */
  async function write(batch: PendingUses[]) {
    const keyIds = batch.map((uses) => uses.keyId);
    await sql`insert into project_api_key_uses (key_id, hour, uses, last_used_at)
      select u.key_id, u.hour, u.uses, u.last_used_at
      from unnest(${keyIds}::text[], ${batch.map((uses) => uses.hour.toISOString())}::timestamptz[],
        ${batch.map((uses) => uses.uses)}::int[], ${batch.map((uses) => uses.lastUsedAt.toISOString())}::timestamptz[]) as u(key_id, hour, uses, last_used_at)
      join project_api_keys k on k.id = u.key_id
      on conflict (key_id, hour) do update set uses = project_api_key_uses.uses + excluded.uses,
        last_used_at = greatest(project_api_key_uses.last_used_at, excluded.last_used_at)`.execute(db);
    await sql`delete from project_api_key_uses where key_id = any(${keyIds}::text[]) and hour < date_trunc('hour', now() - interval '24 hours')`.execute(db);
  }

  return { record, flush };
}

export type KeyUseTally = ReturnType<typeof createKeyUseTally>;

/**
 * A key row's last use and its uses in the last 24 hours, as columns of a select from
 * project_api_keys. Counted by the hour: the 24 hours start at the beginning of the hour a day ago.
 */
export const KEY_USE_COLUMNS = sql`(select to_char(max(u.last_used_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from project_api_key_uses u where u.key_id = project_api_keys.id) as last_used_at,
  (select coalesce(sum(u.uses), 0)::int from project_api_key_uses u where u.key_id = project_api_keys.id and u.hour >= date_trunc('hour', now() - interval '24 hours')) as uses_24h`;
