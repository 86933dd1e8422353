import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Why a publish run FAILED, for the console to say: a translation key and its values (JSON), e.g.
 * the reason the project API could not be built from the version, whose predecessor stays live.
 */
export const publishRunFailure: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table publish_runs add column failure_message_id text;
      alter table publish_runs add column failure_values text
    `);
  },
};
