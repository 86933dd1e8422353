import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Every cloud function invocation's record (what it printed, how long, how much memory, how it
 * ended), listed newest first under its function and kept within the project's retention like
 * its activities. The function's key is kept beside its id so a log outlives a re-upload.
 */
export const functionLogs: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table project_function_logs (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        function_key text not null,
        source text not null,
        status text not null,
        error text,
        stdout text not null default '',
        stderr text not null default '',
        duration_ms integer not null,
        cpu_ms integer not null,
        memory_bytes bigint not null,
        created_at timestamptz not null default now()
      );
      create index project_function_logs_newest on project_function_logs (api_id, function_key, created_at desc, id desc)
    `);
  },
};
