import type { ServerResponse } from "node:http";
import Papa from "papaparse";
import { neutralisedCell, parentColumns, quoteNeutralised } from "../../../src/domain/csv";
import { refuse } from "../../graphqlKit/errors";
import { jsonNestsDeeperThan, MAX_INPUT_DEPTH } from "../../../src/domain/limits";
import { compileFilter, FILTER_OPERATORS, type Filter } from "../entries/filters";
import { listEntries, type EntryRow, type SortOrder } from "../entries/store";
import type { ProjectContext } from "../context";
import type { TablePlan } from "../schema/plan";
import { liveTable, requireWithinLimit } from "./requests";
import { writeInTurn } from "../../http/writeInTurn";

/** Rows read per statement: the export holds one page at a time, whatever the table's size. */
const EXPORT_PAGE_ROWS = 1000;
/** A page also ends one row past this much data, so wide rows never make a page large. */
const EXPORT_PAGE_BYTES = 1024 * 1024;
/** A filter in the URL, as long as any other text input may be (src/domain/limits.ts). */
const MAX_FILTER_CHARS = 65_536;

const invalidFilter = () => refuse("BAD_USER_INPUT", "error_csv_filter_invalid", "The filter is not valid for this table.");

/** The list query's filter (spec §7 `{field: {operator: value}}`, and/or/not), checked against the table. */
function readFilter(text: string | null, table: TablePlan) {
  if (!text) return null;
  // The check below recurses, so a filter nested deeper than any real one is refused unread.
  if (text.length > MAX_FILTER_CHARS || jsonNestsDeeperThan(text, MAX_INPUT_DEPTH)) throw invalidFilter();
  let filter: unknown;
  try {
    filter = JSON.parse(text);
  } catch {
    throw invalidFilter();
  }
  const known = new Set(["id", "createdAt", "updatedAt", ...table.fields.map((planned) => planned.field.name)]);
  const check = (node: unknown): void => {
    if (!node || typeof node !== "object" || Array.isArray(node)) throw invalidFilter();
    for (const [key, value] of Object.entries(node)) {
      if (key === "and" || key === "or") {
        if (!Array.isArray(value)) throw invalidFilter();
        value.forEach(check);
      } else if (key === "not") check(value);
      else if (!known.has(key) || !value || typeof value !== "object" || Object.keys(value).some((operator) => !FILTER_OPERATORS.has(operator))) throw invalidFilter();
    }
  };
  check(filter);
  return compileFilter(filter as Filter, table.byName);
}

/** `sort=<field>:<ASC|DESC>` on one of the table's sort fields; the list's default otherwise. */
function readSort(text: string | null, table: TablePlan) {
  if (!text) return { field: table.sortFields[0], order: "DESC" as SortOrder };
  const [field, order = "ASC"] = text.split(":");
  if (!table.sortFields.includes(field) || (order !== "ASC" && order !== "DESC")) {
    throw refuse("BAD_USER_INPUT", "error_csv_sort_invalid", `${field} is not a sort field of this table.`, { field });
  }
  return { field, order: order as SortOrder };
}

/**
 * A value as a cell: lists and Json as JSON text (the import reads them back), no value as
 * empty, and text that a spreadsheet would run as a formula with a leading ' (the import keeps
 * that quote: it is part of the cell the user has).
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return neutralisedCell(String(value));
}

/**
 * GET /p/<apiId>/export.csv?table=<name>&filter=<json>&sort=<field>:<ASC|DESC>: every matching
 * entry (not one page) as CSV, field names as headers, cells with a quote, separator or line
 * break quoted (spec §5), formula-like text neutralised (see cell). Read in keyset pages (at most
 * EXPORT_PAGE_ROWS rows, and about EXPORT_PAGE_BYTES of data) and each written as the client takes
 * it before the next is read, so memory stays flat for any table size and row width, and a slow
 * reader only slows the export.
 */
export async function exportCsv(res: ServerResponse, ctx: ProjectContext, url: URL) {
  const { plan, table } = await liveTable(ctx, url.searchParams.get("table"));
  const filter = readFilter(url.searchParams.get("filter"), table);
  const sort = readSort(url.searchParams.get("sort"), table);
  await requireWithinLimit(ctx, "export");
  const parents = parentColumns(plan.model, table.type);
  const header = ["id", ...table.fields.map((planned) => planned.field.name), ...parents.map((parent) => parent.column), "createdAt", "updatedAt"];
  const toCells = (row: EntryRow) => [
    cell(row.id),
    ...table.fields.map((planned) => cell(row.data[planned.field.name])),
    ...parents.map((parent) => cell(parent.slot === "first" ? row.parent_first : row.parent_second)),
    row.created_at,
    row.updated_at,
  ];
  res.writeHead(200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${table.type.name}.csv"`,
    "cache-control": "no-store",
  });
  // The byte order mark makes spreadsheet programs read the file as UTF-8; the import skips it.
  await writeInTurn(res, `\uFEFF${Papa.unparse([header], { newline: "\r\n" })}\r\n`);
  let after: { sortKey: string; id: string } | null = null;
  while (!res.destroyed) {
    const rows = await listEntries(ctx.db, { apiId: ctx.project.apiId, typeId: table.type.id, limit: EXPORT_PAGE_ROWS, sort, after, filter, maxBytes: EXPORT_PAGE_BYTES });
    const page = rows.slice(0, EXPORT_PAGE_ROWS);
    if (page.length) await writeInTurn(res, `${Papa.unparse(page.map(toCells), { newline: "\r\n", quotes: quoteNeutralised })}\r\n`);
    const stoppedByBytes = rows.reduce((bytes, row) => bytes + Number(row.data_bytes ?? 0), 0) > EXPORT_PAGE_BYTES;
    if (rows.length <= EXPORT_PAGE_ROWS && !stoppedByBytes) break;
    const last = page[page.length - 1];
    after = { sortKey: last.sort_key ?? "", id: last.id };
  }
  res.end();
}
