import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../../db/database";
import type { Tables } from "../../db/tables";

export type ImportRow = Selectable<Tables["project_imports"]>;

/** Where an import's file lies in object storage. */
export const importObjectKey = (apiId: string, importId: string) => `imports/${apiId}/${importId}.csv`;

export async function findImport(db: DbOrTx, apiId: string, importId: string) {
  return db.selectFrom("project_imports").selectAll().where("api_id", "=", apiId).where("id", "=", importId).executeTakeFirst();
}

/** The newest import of a table that has not finished, for the toolbar after a reload. */
export async function activeImport(db: DbOrTx, apiId: string, typeId: string) {
  return db
    .selectFrom("project_imports")
    .selectAll()
    .where("api_id", "=", apiId)
    .where("type_id", "=", typeId)
    .where("status", "in", ["PUBLISHING", "PENDING", "RUNNING"])
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The first refused row, for the dialog (spec §8: 'the first error is shown in the dialog'). */
async function firstFailure(db: DbOrTx, importId: string) {
  return db
    .selectFrom("project_import_failures")
    .select(["line", "message_id", "field", "details"])
    .where("import_id", "=", importId)
    .orderBy("line")
    .limit(1)
    .executeTakeFirst();
}

/** An import as the console and API callers read it. */
export async function importStatus(db: DbOrTx, row: ImportRow) {
  const failure = row.rows_failed > 0 ? await firstFailure(db, row.id) : undefined;
  const processed = row.rows_done + row.rows_failed;
  const end = row.finished_at ?? row.updated_at;
  const seconds = row.started_at ? (new Date(end).getTime() - new Date(row.started_at).getTime()) / 1000 : 0;
  return {
    id: row.id,
    table: row.table_name,
    fileName: row.file_name,
    bytes: Number(row.bytes),
    status: row.status,
    rowsDone: row.rows_done,
    rowsFailed: row.rows_failed,
    rowsPerSecond: seconds > 0 ? Math.round(processed / seconds) : 0,
    createdFields: row.created_fields,
    error: row.error_message_id,
    firstFailure: failure ? { line: failure.line, messageId: failure.message_id, field: failure.field, values: failure.details } : null,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

export type ImportStatus = Awaited<ReturnType<typeof importStatus>>;

/** Ends an import that cannot go on (its table is gone, publishing its fields failed). */
export async function failImport(db: DbOrTx, importId: string, messageId: string) {
  await db
    .updateTable("project_imports")
    .set({ status: "FAILED", error_message_id: messageId, finished_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where("id", "=", importId)
    .where("status", "not in", ["DONE", "FAILED"])
    .execute();
}
