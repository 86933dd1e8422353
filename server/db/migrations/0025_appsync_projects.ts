import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * AppSync compatibility: the project setting 'Amplify-compatible names' (on the project; the live
 * version keeps what it was published with, as it keeps the model), and where an imported
 * project's live API is (its URL and its credential, sealed with the server's secret).
 */
export const appsyncProjects: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table apis add column amplify_names boolean not null default false;
      alter table apis add column import_url text;
      alter table apis add column import_credential text;
      alter table apis add column import_operations jsonb;
      alter table project_live_versions add column options jsonb not null default '{}'::jsonb
    `);
  },
};
