import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Projects and their model: the cloud-account pool createApi assigns from, the seeded schema
 * templates, AI schema prompts and the jobs table that runs them (and later publishes).
 */
export const projects: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table apis add column query_explorer_string text;
      alter table apis add column auth_provider_client_id text;
      create table aws_accounts (
        id text primary key,
        account_id text not null unique,
        enabled boolean not null default true,
        capacity integer,
        created_at timestamptz not null default now()
      );
      insert into aws_accounts (id, account_id) values ('acc_local', '000000000000');
      create index apis_aws_account on apis (aws_account_id);
      create table schema_templates (
        id text primary key,
        key text not null unique,
        position integer not null default 0,
        schema text not null,
        state text not null default 'PUBLISHED',
        localizations jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index schema_templates_state on schema_templates (state, position, id);
      create table schema_prompts (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        user_email text not null,
        prompt text not null,
        status text not null default 'PENDING',
        schema text,
        error_message_id text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index schema_prompts_api on schema_prompts (api_id, created_at desc);
      create table jobs (
        id text primary key,
        kind text not null,
        payload jsonb not null default '{}',
        state text not null default 'PENDING',
        attempts integer not null default 0,
        max_attempts integer not null default 3,
        run_at timestamptz not null default now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index jobs_due on jobs (state, run_at);
    `);
  },
};
