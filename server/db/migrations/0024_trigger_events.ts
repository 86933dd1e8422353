import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * The last trigger invocations of each table's trigger (their events, password fields redacted,
 * and what the live function answered), so a changed function can be replayed against them
 * before it goes live. Only a few are kept per trigger; older ones are deleted on each insert.
 */
export const triggerEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table project_trigger_events (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        table_name text not null,
        trigger_name text not null,
        function_key text not null,
        handler text,
        step text not null,
        type text not null,
        event text not null,
        status text not null,
        output text,
        error text,
        cpu_ms integer not null,
        memory_bytes bigint not null,
        created_at timestamptz not null default now()
      );
      create index project_trigger_events_per_trigger on project_trigger_events (api_id, table_name, trigger_name, created_at desc, id desc);
      create index project_trigger_events_per_function on project_trigger_events (api_id, function_key, created_at desc, id desc)
    `);
  },
};
