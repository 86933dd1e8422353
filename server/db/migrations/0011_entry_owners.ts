import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Who created each entry: the `sub` of the project user (user pool
 * or OIDC) whose create wrote it, null for entries written by API keys, members or imports. The
 * owner may always read, update and delete their entries, so lists of a user who reaches only
 * their own entries filter on it (the partial index keeps those lists keyset-ordered).
 */
export const entryOwners: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table project_entries add column owner text;
      create index project_entries_owner on project_entries (api_id, type_id, owner, updated_at desc, id desc) where owner is not null
    `);
  },
};
