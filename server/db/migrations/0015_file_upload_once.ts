import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Each upload to a signed URL lands in an object of its own (`object_key`), and a file document
 * names the object it serves, so bytes and the size and type recorded for them always change
 * together; rows from before keep their bytes at `projects/<apiId>/files/<key>` (null here).
 * `project_file_upload_uses` records the upload URLs that were used: each is good for one upload.
 */
export const fileUploadOnce: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table project_file_uploads add column object_key text;
      alter table project_files add column object_key text;
      create table project_file_upload_uses (
        nonce text primary key,
        api_id text not null references apis(id) on delete cascade,
        expires_at timestamptz not null,
        used_at timestamptz not null default now()
      );
      create index project_file_upload_uses_expiry on project_file_upload_uses (expires_at)
    `);
  },
};
