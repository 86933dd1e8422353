import { createHash } from "node:crypto";
import { sql } from "kysely";
import { cellValue, columnFieldType, parentColumns, type ColumnPlan } from "../../../src/domain/csv";
import { entryInputProblem } from "../../../src/domain/values";
import { hasDirective } from "../../../src/domain/model/directives";
import type { Tx } from "../../db/database";
import type { ModelPlan, TablePlan } from "../schema/plan";
import type { ParentSlot } from "../entries/store";
import { withProjectKeyCheckedOnce } from "../entries/projectKeyOnce";
import { isStorableText, isStorableValue, storableText } from "./storable";

/** One record of the file: its number (the header is line 1) and its cells. */
export interface CsvRecord {
  line: number;
  cells: string[];
  /** The reader could not take the record whole (a quote left open, a row beyond the limit). */
  problem?: RowProblem;
}

/** Why a row was not written: a message key with the values its text needs. */
export interface RowProblem {
  messageId: string;
  field?: string;
  values?: Record<string, string | number>;
}

interface GoodRow {
  line: number;
  id: string;
  data: Record<string, unknown>;
  parents: Partial<Record<ParentSlot, string>>;
}

export interface FailedRow {
  line: number;
  cells: string[];
  problem: RowProblem;
}

/**
 * The ids of an import's rows: a UUID (version 8) whose first part derives from the import and
 * whose last 12 hex digits are the line. A batch written twice (two workers after a lease
 * expired, a retry) hits the primary key instead of adding the row again; and consecutive lines
 * get neighbouring ids, so a batch fills index pages in order instead of touching one at random
 * per row, which made a large import spend much of its time evicting and rewriting pages.
 */
export function importIds(importId: string) {
  const prefixOf = (kind: string) => {
    const hex = createHash("sha256").update(`${importId}\0${kind}`).digest("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-`;
  };
  const entry = prefixOf("entry");
  return {
    entryId: (line: number) => entry + line.toString(16).padStart(12, "0"),
    /** The INSERT activity of the entry of a line: the same line in the import's activity ids. */
    activityPrefix: prefixOf("activity"),
  };
}

/** How an import turns records into entries: the table's plan and the header's column plan. */
export interface RowReader {
  importId: string;
  ids: ReturnType<typeof importIds>;
  plan: ModelPlan;
  table: TablePlan;
  columns: ColumnPlan[];
  /** The database lets this session switch off per-row foreign-key triggers (see ../entries/projectKeyOnce.ts). */
  superuser: boolean;
}

/** What each column of the file becomes, worked out once per import rather than once per row. */
type CellTarget = { kind: "skip" } | { kind: "parent"; slot: ParentSlot } | { kind: "value"; field: string; type: ReturnType<typeof columnFieldType> };

function cellTargets({ plan, table, columns }: RowReader): CellTarget[] {
  const parentSlots = new Map(parentColumns(plan.model, table.type).map((parent) => [parent.column, parent.slot]));
  return columns.map((column) => {
    if (column.kind === "skip") return { kind: "skip" };
    const slot = parentSlots.get(column.field);
    if (slot) return { kind: "parent", slot };
    return { kind: "value", field: column.field, type: columnFieldType(table.type, column) };
  });
}

/** Spec §5 'Entries are kept only when the column count matches', then the grid's value rules. */
function readRecord(reader: RowReader, targets: readonly CellTarget[], record: CsvRecord): GoodRow | FailedRow {
  const { table, plan } = reader;
  const fail = (problem: RowProblem): FailedRow => ({ line: record.line, cells: record.cells, problem });
  if (record.problem) return fail(record.problem);
  if (record.cells.length !== targets.length) {
    return fail({ messageId: "error_csv_column_count", values: { cells: record.cells.length, columns: targets.length } });
  }
  const data: Record<string, unknown> = {};
  const parents: GoodRow["parents"] = {};
  for (let index = 0; index < targets.length; index++) {
    const target = targets[index];
    const text = record.cells[index];
    if (target.kind === "parent") {
      if (!isStorableText(text)) return fail({ messageId: "error_csv_value_unstorable", field: reader.columns[index].column });
      if (text.trim()) parents[target.slot] = text.trim();
    } else if (target.kind === "value") {
      data[target.field] = cellValue(target.type, text);
    }
  }
  const problem = entryInputProblem(table.type, plan.model.enumTypes, data, "create");
  if (problem) return fail(problem);
  // As the project API stores them: Json parsed, no value as no key.
  for (const planned of table.fields) {
    const value = data[planned.field.name];
    if (planned.kind === "Json" && typeof value === "string") data[planned.field.name] = JSON.parse(value);
    if (value === null) delete data[planned.field.name];
  }
  // Checked on the values as stored: a Json or list cell may spell a NUL as the escape \u0000.
  for (const [field, value] of Object.entries(data)) {
    if (!isStorableValue(value)) return fail({ messageId: "error_csv_value_unstorable", field });
  }
  return { line: record.line, id: reader.ids.entryId(record.line), data, parents };
}

export function readRecords(reader: RowReader, records: readonly CsvRecord[]) {
  const targets = cellTargets(reader);
  const good: GoodRow[] = [];
  const failed: FailedRow[] = [];
  for (const record of records) {
    const row = readRecord(reader, targets, record);
    if ("problem" in row) failed.push(row);
    else good.push(row);
  }
  return { good, failed };
}

/** Moves rows whose parent id names no entry of the parent table to the failed ones (one query per parent). */
async function checkParents(tx: Tx, apiId: string, reader: RowReader, good: GoodRow[], failed: FailedRow[], cellsOf: Map<number, string[]>) {
  for (const { slot, type } of reader.table.parents) {
    const ids = [...new Set(good.flatMap((row) => (row.parents[slot] ? [row.parents[slot]!] : [])))];
    if (ids.length === 0) continue;
    const { rows } = await sql<{ id: string }>`select id from project_entries where api_id = ${apiId} and type_id = ${type.id} and id = any(${ids}::text[])`.execute(tx);
    const found = new Set(rows.map((row) => row.id));
    const column = parentColumns(reader.plan.model, reader.table.type).find((parent) => parent.slot === slot)!.column;
    for (let index = good.length - 1; index >= 0; index--) {
      const id = good[index].parents[slot];
      if (id && !found.has(id)) {
        failed.push({ line: good[index].line, cells: cellsOf.get(good[index].line)!, problem: { messageId: "error_value_parent_missing", field: column, values: { type: type.name } } });
        good.splice(index, 1);
      }
    }
  }
}

/** Moves rows whose unique value another entry, or an earlier row of the batch, already has. */
async function checkUnique(tx: Tx, apiId: string, reader: RowReader, good: GoodRow[], failed: FailedRow[], cellsOf: Map<number, string[]>) {
  for (const planned of reader.table.fields) {
    if (!hasDirective(planned.field.directives, "unique")) continue;
    const name = planned.field.name;
    const values = good.flatMap((row) => (row.data[name] === undefined ? [] : [JSON.stringify(row.data[name])]));
    if (values.length === 0) continue;
    const { rows } = await sql<{ value: string }>`select (data -> ${sql.lit(name)})::text as value from project_entries
      where api_id = ${apiId} and type_id = ${reader.table.type.id} and data -> ${sql.lit(name)} = any(${values}::jsonb[])`.execute(tx);
    // jsonb's text form is canonical; so is JSON.stringify for the scalars a unique field holds.
    const taken = new Set(rows.map((row) => JSON.stringify(JSON.parse(row.value))));
    const kept: GoodRow[] = [];
    for (const row of good) {
      const value = row.data[name];
      const key = value === undefined ? null : JSON.stringify(value);
      if (key !== null && taken.has(key)) {
        failed.push({ line: row.line, cells: cellsOf.get(row.line)!, problem: { messageId: "error_value_unique", field: name } });
        continue;
      }
      if (key !== null) taken.add(key);
      kept.push(row);
    }
    good.splice(0, good.length, ...kept);
  }
}

/** Keeps refused rows with their reason; their cells as the file had them, less what the database cannot store. */
export async function recordFailures(tx: Tx, importId: string, failed: readonly FailedRow[]) {
  if (failed.length === 0) return;
  await sql`insert into project_import_failures (import_id, line, cells, message_id, field, details)
    select ${importId}, failure.line, failure.cells, failure.message_id, failure.field, failure.details
    from unnest(${failed.map((row) => row.line)}::integer[], ${failed.map((row) => JSON.stringify(row.cells.map(storableText)))}::jsonb[],
      ${failed.map((row) => row.problem.messageId)}::text[], ${failed.map((row) => row.problem.field ?? null)}::text[],
      ${failed.map((row) => JSON.stringify(row.problem.values ?? {}))}::jsonb[])
      as failure(line, cells, message_id, field, details)
    on conflict do nothing`.execute(tx);
}

/**
 * Writes one batch in the caller's transaction: entries and their activities (spec §3, one per
 * entry as single writes record) in one statement whose rows travel as one JSON array (one round
 * trip, and the statement's size does not grow with the batch), then the failed rows. Returns how
 * many were written and refused.
 */
export async function writeBatch(tx: Tx, apiId: string, reader: RowReader, records: readonly CsvRecord[]) {
  const { good, failed } = readRecords(reader, records);
  const cellsOf = new Map(records.map((record) => [record.line, record.cells]));
  await checkParents(tx, apiId, reader, good, failed, cellsOf);
  await checkUnique(tx, apiId, reader, good, failed, cellsOf);
  const typeId = reader.table.type.id;
  let written = 0;
  if (good.length) {
    // One jsonb document read by jsonb_to_recordset rather than a jsonb[] of texts: PostgreSQL
    // parses the JSON once instead of unescaping an array literal first, and the client sends one
    // string, which takes a good part of the insert's CPU away.
    const entries = JSON.stringify(good.map((row) => ({ id: row.id, data: row.data, parent_first: row.parents.first ?? null, parent_second: row.parents.second ?? null })));
    const { rows } = await withProjectKeyCheckedOnce(tx, apiId, reader.superuser, () =>
      sql<{ written: number }>`with written as (
        insert into project_entries (api_id, type_id, id, data, parent_first, parent_second)
        select ${apiId}, ${typeId}, row.id, row.data, row.parent_first, row.parent_second
        from jsonb_to_recordset(${entries}::jsonb) as row(id text, data jsonb, parent_first text, parent_second text)
        on conflict (api_id, type_id, id) do nothing
        returning id
      ), activities as (
        insert into project_activities (id, api_id, event_name, record_type, record_id)
        select ${reader.ids.activityPrefix} || right(written.id, 12), ${apiId}, 'INSERT', ${reader.table.type.name}, written.id from written
      )
      select count(*)::integer as written from written`.execute(tx),
    );
    written = rows[0].written;
  }
  await recordFailures(tx, reader.importId, failed);
  return { written, failed: failed.length };
}
