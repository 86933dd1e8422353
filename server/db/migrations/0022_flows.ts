import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Automation flows (spec §3 Flow, FlowRun, FlowRunLog). A flow keeps the tables its data triggers
 * watch beside its schema, so a write to a table finds the flows to start with one indexed read;
 * and the next time its schedule fires, so any server's scheduler claims the due ones. A run is
 * a job (server/jobs) and keeps one log per step it ran.
 */
export const flows: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table flows (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        name text not null,
        schema jsonb not null,
        owner_sub text not null,
        owner_email text not null,
        data_tables text[] not null default '{}',
        next_scheduled_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index flows_newest on flows (api_id, updated_at desc, id desc);
      create index flows_data_tables on flows using gin (data_tables);
      create index flows_due on flows (next_scheduled_at) where next_scheduled_at is not null;
      create table flow_runs (
        id text primary key,
        flow_id text not null references flows(id) on delete cascade,
        api_id text not null,
        status text not null,
        trigger jsonb not null,
        depth integer not null default 0,
        error text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index flow_runs_newest on flow_runs (flow_id, created_at desc, id desc);
      create index flow_runs_recent on flow_runs (api_id, created_at);
      create table flow_run_logs (
        id text primary key,
        run_id text not null references flow_runs(id) on delete cascade,
        step_id text not null,
        content jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index flow_run_logs_in_order on flow_run_logs (run_id, created_at, id)
    `);
  },
};
