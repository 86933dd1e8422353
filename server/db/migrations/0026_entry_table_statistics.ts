import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Every project's entries share project_entries, and a table id belongs to one project. Without
 * being told, the planner takes `api_id = … and type_id = …` as two independent conditions and
 * multiplies their shares: beside other projects' entries it expects a fraction of a table's
 * rows, so the console's pager (the list's estimatedCount) shows that, and a list filtered to a
 * tenth of its table reads and sorts the whole table instead of walking its sort index. The
 * functional dependency statistics tell it; the analyze fills them for a database that already
 * holds entries.
 */
export const entryTableStatistics: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create statistics project_entries_table_of_project (dependencies) on api_id, type_id from project_entries;
      analyze project_entries
    `);
  },
};
