import { sql } from "kysely";
import type { Tx } from "../../db/database";
import { recordFailures, writeBatch, type CsvRecord, type RowReader } from "./rows";

/**
 * Whether the database refused a statement for what a row holds rather than for a passing
 * reason: SQLSTATE class 22 (data exception: a character or number it cannot take) and 54
 * (a value beyond one of its limits, such as an index entry too large). Asking again gives the
 * same answer, so such a failure is never retried; anything else (a lost connection, a
 * deadlock, a server going down) is, by the job runner.
 */
export function isDataFailure(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("54"));
}

/**
 * Writes a batch inside a savepoint; when the database refuses it for its data, the batch is
 * split in halves and each written the same way, so only the rows it refuses are left, and
 * each goes to the failed rows with the reason (a handful of rounds per refused row, not one
 * statement per row).
 */
export async function writeBatchSettlingDataFailures(tx: Tx, apiId: string, reader: RowReader, records: readonly CsvRecord[]): Promise<{ written: number; failed: number }> {
  if (records.length === 0) return { written: 0, failed: 0 };
  await sql`savepoint csv_rows`.execute(tx);
  try {
    const result = await writeBatch(tx, apiId, reader, records);
    await sql`release savepoint csv_rows`.execute(tx);
    return result;
  } catch (error) {
    if (!isDataFailure(error)) throw error;
    await sql`rollback to savepoint csv_rows`.execute(tx);
    await sql`release savepoint csv_rows`.execute(tx);
  }
  if (records.length === 1) {
    await recordFailures(tx, reader.importId, [{ line: records[0].line, cells: records[0].cells, problem: { messageId: "error_csv_row_refused" } }]);
    return { written: 0, failed: 1 };
  }
  const half = Math.ceil(records.length / 2);
  const first = await writeBatchSettlingDataFailures(tx, apiId, reader, records.slice(0, half));
  const second = await writeBatchSettlingDataFailures(tx, apiId, reader, records.slice(half));
  return { written: first.written + second.written, failed: first.failed + second.failed };
}
