import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * How often each project API key was used, counted by the hour: the key table shows when a key
 * was last used and how often in the last 24 hours. One row per key and hour keeps a busy key's
 * writes on one row instead of one per request; a key's buckets go with the key.
 */
export const apiKeyUses: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table project_api_key_uses (
        key_id text not null references project_api_keys(id) on delete cascade,
        hour timestamptz not null,
        uses integer not null,
        last_used_at timestamptz not null,
        primary key (key_id, hour)
      )
    `);
  },
};
