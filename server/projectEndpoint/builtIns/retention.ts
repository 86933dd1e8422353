import { sql } from "kysely";
import type { DbOrTx } from "../../db/database";

/**
 * Spec §9: a project keeps its activities for `retentionInDays` (14 with the Pro bundle, else 1).
 * Lists show only what is within it, exactly; an hourly sweep deletes the rest, so the table does
 * not grow with a project's writes.
 */
export const withinRetention = (apiId: string) =>
  sql`created_at >= now() - make_interval(days => (select retention_in_days from apis where id = ${apiId}))`;

/** Deletes every project's activities older than its retention; returns how many went. */
export async function dropExpiredActivities(db: DbOrTx): Promise<number> {
  const result = await sql`delete from project_activities as activity using apis
    where activity.api_id = apis.id and activity.created_at < now() - make_interval(days => apis.retention_in_days)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
