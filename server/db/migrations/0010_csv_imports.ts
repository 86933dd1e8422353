import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * CSV imports into a project's table: the uploaded file lies in object storage, the
 * import row says how far its job got (`line_reached`, committed with each batch of entries),
 * and every refused row is kept with its reason for the failed-rows file. `upload_key` makes a
 * retried upload of the same file return the import it already started.
 */
export const csvImports: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table project_imports (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        type_id text not null,
        table_name text not null,
        upload_key text not null,
        object_key text not null,
        file_name text not null,
        bytes bigint not null,
        encoding text not null,
        delimiter text not null,
        header jsonb not null,
        created_fields jsonb not null default '[]',
        status text not null check (status in ('PUBLISHING', 'PENDING', 'RUNNING', 'DONE', 'FAILED')),
        rows_done integer not null default 0,
        rows_failed integer not null default 0,
        line_reached integer not null default 0,
        error_message_id text,
        created_by text not null,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        updated_at timestamptz not null default now(),
        finished_at timestamptz,
        unique (api_id, upload_key)
      );
      create index project_imports_recent on project_imports (api_id, type_id, created_at desc);
      create table project_import_failures (
        import_id text not null references project_imports(id) on delete cascade,
        line integer not null,
        cells jsonb not null,
        message_id text not null,
        field text,
        details jsonb not null default '{}',
        primary key (import_id, line)
      );
    `);
  },
};
