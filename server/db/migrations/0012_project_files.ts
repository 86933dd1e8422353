import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * A project's files and cloud functions (spec §3 "Built-in tables": FileDocument, CloudFunction).
 * The bytes lie in object storage under `projects/<apiId>/…`; `project_file_uploads` records
 * each object a signed upload URL received, so a file document is made only for an object that
 * was really uploaded, with the type it was uploaded as.
 */
export const projectFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table project_file_uploads (
        api_id text not null references apis(id) on delete cascade,
        key text not null,
        mime_type text not null,
        bytes bigint not null,
        uploaded_at timestamptz not null default now(),
        primary key (api_id, key)
      );
      create table project_files (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        key text not null,
        name text not null,
        mime_type text not null,
        access_control text not null check (access_control in ('public', 'private')),
        bytes bigint not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (api_id, key)
      );
      create index project_files_newest on project_files (api_id, created_at desc, id desc);
      create table project_cloud_functions (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        key text not null,
        code_key text not null,
        runtime text not null,
        bytes bigint not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (api_id, key)
      );
      create index project_cloud_functions_newest on project_cloud_functions (api_id, created_at desc, id desc)
    `);
  },
};
