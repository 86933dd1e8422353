import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * One change log for every server on the database: each write subscriptions care about appends
 * its event here in its own transaction, and every server follows the log by sequence and tells
 * its own subscribers (server/changes). A reconnecting client names the last sequence it saw and
 * is replayed what it missed from here, so the replay reads by scope and topic in sequence order.
 */
export const changeLog: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table changes (
        seq bigserial primary key,
        scope text not null check (scope in ('platform', 'workspace', 'project')),
        scope_id text not null,
        topic text not null,
        entry_id text,
        kind text not null,
        payload jsonb not null,
        created_at timestamptz not null default now()
      );
      create index changes_replay on changes (scope_id, topic, seq);
      create index changes_by_age on changes (created_at)
    `);
  },
};
