import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Customer apps (spec §3 CustomerApp): a project's no-code apps, listed newest first. The
 * declaration is the project's types and enums when the app was last saved; the logo lives in
 * the object store under logo_key.
 */
export const customerApps: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table customer_apps (
        id text primary key,
        api_id text not null references apis(id) on delete cascade,
        name text not null,
        schema text not null,
        api_declaration text not null,
        logo_key text,
        logo_mime_type text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index customer_apps_newest on customer_apps (api_id, created_at desc, id)
    `);
  },
};
