import { sql } from "kysely";
import { refuse } from "../../graphqlKit/errors";
import type { DbOrTx } from "../../db/database";
import type { ActivityEvent } from "../entries/store";
import type { ActivityChanges } from "./activityChanges";
import { withinRetention } from "./retention";

/** The Logs screen's filter: each part optional, all parts must hold. */
export interface ActivityFilter {
  recordType?: string | null;
  eventName?: ActivityEvent | null;
  /** From this time on. */
  since?: Date | null;
  /** Before this time. */
  until?: Date | null;
}

const EVENTS = new Set(["INSERT", "MODIFY", "REMOVE"]);

/** The filter as sent (GraphQL input or an export's URL); a bad event or a range that ends before it starts is refused, not emptied. */
export function readActivityFilter(input: { recordType?: string | null; eventName?: string | null; since?: string | Date | null; until?: string | Date | null } | null | undefined): ActivityFilter {
  const since = input?.since ? new Date(input.since) : null;
  const until = input?.until ? new Date(input.until) : null;
  if ((since && Number.isNaN(since.getTime())) || (until && Number.isNaN(until.getTime())) || (since && until && since >= until)) {
    throw refuse("BAD_USER_INPUT", "error_activity_range_invalid", "The time range must start before it ends.");
  }
  const eventName = input?.eventName || null;
  if (eventName && !EVENTS.has(eventName)) throw refuse("BAD_USER_INPUT", "error_activity_event_invalid", "The activity must be INSERT, MODIFY or REMOVE.");
  return { recordType: input?.recordType?.trim() || null, eventName: eventName as ActivityEvent | null, since, until };
}

export interface ActivityRow {
  id: string;
  event_name: ActivityEvent;
  record_type: string;
  record_id: string;
  changes: ActivityChanges | null;
  created_at: string;
}

/**
 * One page of a project's activities within its retention, newest first, after the activity
 * `afterId` (keyset: one indexed range read however deep the page; an unknown id gives an empty
 * page). With `maxBytes`, the page also ends at the row that passes that much kept change data,
 * so an export holds one bounded page at a time. The first row always comes, so paging advances.
 */
export async function activityPage(db: DbOrTx, apiId: string, filter: ActivityFilter, limit: number, afterId: string | null, maxBytes = Number.MAX_SAFE_INTEGER) {
  const { rows } = await activityPageQuery(apiId, filter, limit, afterId, maxBytes).execute(db);
  return rows;
}

/** The statement behind activityPage (a test EXPLAINs it to prove it reads an index range). */
export function activityPageQuery(apiId: string, filter: ActivityFilter, limit: number, afterId: string | null, maxBytes = Number.MAX_SAFE_INTEGER) {
  const conditions = [sql`api_id = ${apiId}`, withinRetention(apiId)];
  if (filter.recordType) conditions.push(sql`record_type = ${filter.recordType}`);
  if (filter.eventName) conditions.push(sql`event_name = ${filter.eventName}`);
  if (filter.since) conditions.push(sql`created_at >= ${filter.since.toISOString()}::timestamptz`);
  if (filter.until) conditions.push(sql`created_at < ${filter.until.toISOString()}::timestamptz`);
  if (afterId !== null) {
    conditions.push(sql`(created_at, id) < (select created_at, id from project_activities where api_id = ${apiId} and id = ${afterId})`);
  }
  return sql<ActivityRow>`select id, event_name, record_type, record_id, changes, created_at from (
      select page.*, sum(coalesce(octet_length(changes::text), 0)) over (order by at desc, id desc rows unbounded preceding) as running_bytes,
        row_number() over (order by at desc, id desc) as position
      from (
        select id, event_name, record_type, record_id, changes, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, created_at as at
        from project_activities where ${sql.join(conditions, sql` and `)}
        -- The table's column, not the selected text of the same name: only the column's order is an index's.
        order by project_activities.created_at desc, project_activities.id desc limit ${limit}
      ) page
    ) sized
    where position = 1 or running_bytes <= ${maxBytes}
    order by at desc, id desc`;
}
