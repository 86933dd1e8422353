// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planColumns } from "../../../src/domain/csv";
import { planModel } from "../../../server/projectEndpoint/schema/plan";
import { importIds, writeBatch, type RowReader } from "../../../server/projectEndpoint/csv/rows";
import { isSuperuser } from "../../../server/projectEndpoint/entries/projectKeyOnce";
import { libraryModel, liveProject, type LiveProject } from "./fixture";

/**
 * A batch checks the project's foreign key once instead of once per row (row triggers
 * off for its insert where the session may). What that must not lose: a batch for a project that
 * is gone writes nothing, and the rest of the batch's transaction runs with its triggers on.
 */
let project: LiveProject;
beforeAll(async () => {
  project = await liveProject();
  await project.goLive(libraryModel());
});
afterAll(() => project.t.close());

/** Each test its own import: an import's entry and activity ids derive from its id and the line. */
async function reader(importId: string): Promise<RowReader> {
  const plan = planModel(libraryModel());
  const table = plan.tables.find((candidate) => candidate.type.name === "Author")!;
  const { columns } = planColumns(["name", "age", "email"], plan.model, table.type, []);
  return { importId, ids: importIds(importId), plan, table, columns, superuser: await isSuperuser(project.t.platform.db) };
}

const records = [
  { line: 2, cells: ["Ada", "36", "ada@example.com"] },
  { line: 3, cells: ["Grace", "45", "grace@example.com"] },
];

const entriesOf = async (apiId: string) =>
  (await sql<{ count: number }>`select count(*)::integer as count from project_entries where api_id = ${apiId}`.execute(project.t.platform.db)).rows[0].count;

describe("a CSV batch's foreign key", () => {
  it("writes the rows of a live project and leaves row triggers on for the rest of the transaction", async () => {
    const db = project.t.platform.db;
    // Read before the transaction: PGlite's one connection is the transaction's until it ends.
    const batchReader = await reader("imp_live_project");
    const role = await db.transaction().execute(async (tx) => {
      expect(await writeBatch(tx, project.apiId, batchReader, records)).toEqual({ written: 2, failed: 0 });
      return (await sql<{ role: string }>`select current_setting('session_replication_role') as role`.execute(tx)).rows[0].role;
    });
    expect(role).toBe("origin");
    expect(await entriesOf(project.apiId)).toBe(2);
  });

  it("writes nothing for a project that does not exist", async () => {
    const db = project.t.platform.db;
    const batchReader = await reader("imp_gone_project");
    await expect(db.transaction().execute((tx) => writeBatch(tx, "api_gone", batchReader, records))).rejects.toThrow();
    expect(await entriesOf("api_gone")).toBe(0);
  });
});
