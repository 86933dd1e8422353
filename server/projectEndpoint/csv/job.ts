import { sql } from "kysely";
import { planColumns } from "../../../src/domain/csv";
import type { SchemaModel } from "../../../src/domain/model";
import { isPublishing } from "../../../src/domain/apiState";
import type { Db } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import type { JobHandler } from "../../jobs/runner";
import type { ObjectStore } from "../../storage/objectStore";
import type { ImportedBatch } from "../realtime/events";
import { appendChanges } from "../../changes/log";
import { importChange } from "../../changes/topics";
import { planModel } from "../schema/plan";
import { failImport, findImport, type ImportRow } from "./imports";
import { csvRecords } from "./parse";
import { importIds, type CsvRecord, type RowReader } from "./rows";
import { isSuperuser } from "../entries/projectKeyOnce";
import { writeBatchSettlingDataFailures } from "./dataFailures";

export const CSV_IMPORT_JOB = "csv-import";

/** Rows per transaction: large enough that 100,000 rows are 50 commits, small enough to stay quick. */
export const IMPORT_BATCH_ROWS = 2000;

/** How long an import waits for the publish that adds its opted-in fields. */
const PUBLISH_WAIT_MS = 10 * 60 * 1000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The live model once it has every field the import added (their publish may still run), or
 * null when the import cannot go on — then it is FAILED with the reason.
 */
async function liveReader(db: Db, row: ImportRow): Promise<RowReader | null> {
  const deadline = Date.now() + PUBLISH_WAIT_MS;
  for (;;) {
    // The state first: publishing switches the live version and the state in one commit, so a
    // state that is no longer publishing means the live model read next is the final one.
    const api = await db.selectFrom("apis").select("state").where("id", "=", row.api_id).executeTakeFirst();
    const live = await db.selectFrom("project_live_versions").select("model").where("api_id", "=", row.api_id).executeTakeFirst();
    const plan = live ? planModel(live.model as SchemaModel) : null;
    const table = plan?.tables.find((candidate) => candidate.type.id === row.type_id);
    if (!plan || !table) {
      await failImport(db, row.id, "error_csv_table_gone");
      return null;
    }
    if (row.created_fields.every((name) => table.byName.has(name))) {
      const { columns, problem } = planColumns(row.header, plan.model, table.type, row.created_fields);
      if (problem) {
        await failImport(db, row.id, problem.messageId);
        return null;
      }
      return { importId: row.id, ids: importIds(row.id), plan, table, columns, superuser: await isSuperuser(db) };
    }
    if (!isPublishing(api?.state)) {
      await failImport(db, row.id, "error_csv_publish_failed");
      return null;
    }
    if (Date.now() > deadline) throw new Error(`import ${row.id}: the publish adding its fields did not finish`);
    await pause(200);
  }
}

/**
 * Writes one batch and moves the import's mark past it in the same transaction, so after a crash
 * the import resumes at the first line not committed. The import row is locked first: a second
 * worker on the same job (after a lease ran out) finds the mark moved and writes nothing twice.
 */
async function commitBatch(db: Db, row: ImportRow, reader: RowReader, records: CsvRecord[], last: boolean): Promise<ImportedBatch | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (tx) => {
        const current = await tx.selectFrom("project_imports").select(["status", "line_reached"]).where("id", "=", row.id).forUpdate().executeTakeFirst();
        if (current?.status !== "RUNNING") return null;
        const pending = records.filter((record) => record.line > current.line_reached);
        const { written, failed } = await writeBatchSettlingDataFailures(tx, row.api_id, reader, pending);
        const totals = await tx
          .updateTable("project_imports")
          .set({
            rows_done: sql`rows_done + ${written}`,
            rows_failed: sql`rows_failed + ${failed}`,
            line_reached: records.length ? Math.max(current.line_reached, records[records.length - 1].line) : current.line_reached,
            updated_at: sql`now()`,
            ...(last ? { status: "DONE" as const, finished_at: sql<Date>`now()` } : {}),
          })
          .where("id", "=", row.id)
          .returning(["rows_done", "rows_failed"])
          .executeTakeFirstOrThrow();
        const batch: ImportedBatch = { importId: row.id, ofType: reader.table.type.name, rowsWritten: written, rowsDone: totals.rows_done, rowsFailed: totals.rows_failed, finished: last };
        await appendChanges(tx, [importChange(row.api_id, row.type_id, batch)]);
        return batch;
      });
    } catch (error) {
      // Someone wrote the same unique value after this batch checked it: check again.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * The import job: waits for the fields it added to go live, then streams the stored file from
 * the first line not yet committed and writes it in batches. Failed rows are kept, not fatal:
 * a row the database refuses fails alone; only a failure that may pass (the database out of
 * reach) makes the runner try the job again.
 * Idempotent: run again (restart, retry, a second worker), it continues where the last commit left.
 */
export function csvImportJob(deps: { db: Db; objects: ObjectStore; changesCommitted: () => void }): JobHandler<{ apiId: string; importId: string }> {
  const { db, objects, changesCommitted } = deps;
  /**
   * Commits a batch (its event goes into the change log with it) and wakes the subscribers'
   * servers (whose followers also tell the open Logs screens of its INSERT activities); false when the import is no longer running.
   */
  async function commitAndAnnounce(row: ImportRow, reader: RowReader, records: CsvRecord[], last: boolean) {
    const batch = await commitBatch(db, row, reader, records, last);
    if (batch) changesCommitted();
    return batch !== null;
  }
  return {
    // Each batch commits with its mark: a drained server's import continues elsewhere from there.
    stopsWithLease: true,
    async run({ apiId, importId }, _job, lease) {
      const row = await findImport(db, apiId, importId);
      if (!row || row.status === "DONE" || row.status === "FAILED") return;
      const reader = await liveReader(db, row);
      if (!reader) return;
      await db
        .updateTable("project_imports")
        .set({ status: "RUNNING", started_at: sql`coalesce(started_at, now())`, updated_at: sql`now()` })
        .where("id", "=", row.id)
        .where("status", "in", ["PUBLISHING", "PENDING", "RUNNING"])
        .execute();
      const source = await objects.getStream(row.object_key);
      if (!source) {
        await failImport(db, row.id, "error_csv_file_missing");
        return;
      }
      let batch: CsvRecord[] = [];
      try {
        for await (const record of csvRecords(source, row.encoding, row.delimiter)) {
          if (record.line === 1 || record.line <= row.line_reached) continue;
          batch.push(record);
          if (batch.length < IMPORT_BATCH_ROWS) continue;
          // A worker that lost its lease (it stalled, another server took over) stops; the
          // taker-over continues from the mark, so stopping between batches loses nothing.
          if (lease.aborted || !(await commitAndAnnounce(row, reader, batch, false))) return;
          batch = [];
          // Lets waiting requests (progress polls, other users) have the database between batches.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        source.destroy();
      }
      if (!lease.aborted) await commitAndAnnounce(row, reader, batch, true);
    },
    async giveUp({ importId }) {
      await failImport(db, importId, "error_csv_import_failed");
    },
  };
}
