import { sql } from "kysely";
import type { DbOrTx } from "../db/database";

/**
 * Counts one event under `key` in a fixed window and says whether it is within `limit`. One
 * atomic upsert, so parallel requests (and several server processes) cannot slip past the count.
 * Run it in the mutation's transaction: a refused or failed mutation then counts nothing.
 */
export async function withinLimit(db: DbOrTx, key: string, limit: number, windowMs: number): Promise<boolean> {
  const now = new Date();
  const windowEnds = new Date(now.getTime() + windowMs);
  const row = await db
    .insertInto("rate_limits")
    .values({ key, points: 1, window_ends: windowEnds })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        points: sql`case when rate_limits.window_ends <= ${now} then 1 else rate_limits.points + 1 end`,
        window_ends: sql`case when rate_limits.window_ends <= ${now} then ${windowEnds} else rate_limits.window_ends end`,
      }),
    )
    .returning("points")
    .executeTakeFirstOrThrow();
  // Windows that ended are dead weight; an occasional sweep keeps the table small.
  if (Math.random() < 0.01) await db.deleteFrom("rate_limits").where("window_ends", "<", now).execute();
  return row.points <= limit;
}

export const HOUR_MS = 60 * 60 * 1000;
