import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/** A workspace's website (spec §5), set in the workspace settings. */
export const orgWebsite: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `alter table orgs add column website text`);
  },
};
