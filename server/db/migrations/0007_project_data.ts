import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * A project's own API: the live version each endpoint serves, its entries stored
 * generically (type, id, values as jsonb, the parent entries' ids), its API keys and the
 * activity every write records. Entries are keyed by the table's model id, not its name, so
 * a publish never copies or moves data. Indexes for sort-by and unique fields are created per
 * table when a version goes live (server/projectEndpoint/entries/indexes.ts).
 */
export const projectData: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table project_live_versions (
        api_id text primary key references apis(id) on delete cascade,
        run_id text not null,
        version integer not null,
        model jsonb not null,
        updated_at timestamptz not null default now()
      );
      create table project_entries (
        api_id text not null references apis(id) on delete cascade,
        type_id text not null,
        id text not null,
        data jsonb not null default '{}',
        parent_first text,
        parent_second text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (api_id, type_id, id)
      );
      create index project_entries_recent on project_entries (api_id, type_id, updated_at desc, id desc);
      create index project_entries_parent_first on project_entries (api_id, type_id, parent_first, updated_at desc, id desc) where parent_first is not null;
      create index project_entries_parent_second on project_entries (api_id, type_id, parent_second, updated_at desc, id desc) where parent_second is not null;
      create table project_api_keys (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        key_hash text not null unique,
        sealed_key text not null,
        description text,
        expires_at timestamptz not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index project_api_keys_api on project_api_keys (api_id, created_at desc, id desc);
      create table project_activities (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        event_name text not null check (event_name in ('INSERT', 'MODIFY', 'REMOVE')),
        record_type text not null,
        record_id text not null,
        created_at timestamptz not null default now()
      );
      create index project_activities_recent on project_activities (api_id, created_at desc, id desc);
    `);
  },
};
