import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Publishing (spec §3 'Publish run', §4): one run per publish, numbered per project; the run
 * keeps the schema it published and where its declaration zip lies in object storage. A project
 * remembers the version its endpoint serves and its default API key.
 */
export const publishing: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table publish_runs (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        schema_version integer not null,
        status text not null default 'IN_PROGRESS',
        init_state text not null,
        schema text not null,
        object_key text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (api_id, schema_version)
      );
      create index publish_runs_in_progress on publish_runs (status) where status = 'IN_PROGRESS';
      alter table apis add column published_version integer;
      alter table apis add column default_api_key_id text;
      create index apis_publishing on apis (state) where state like 'PUBLISHING%' and state <> 'PUBLISHING_FAILED'
    `);
  },
};
