import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * The Logs screen: a MODIFY keeps the fields it changed with their values before and
 * after (bounded, kept as long as the activity), and the table filter reads its own index, so a
 * busy project's log stays one indexed range read per page whichever table is chosen.
 */
export const activityChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table project_activities add column changes jsonb;
      create index project_activities_by_table on project_activities (api_id, record_type, created_at desc, id desc)
    `);
  },
};
