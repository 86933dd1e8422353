import type { IncomingMessage, ServerResponse } from "node:http";
import Papa from "papaparse";
import { neutralisedCell, quoteNeutralised } from "../../../src/domain/csv";
import { messagesFor } from "../../i18n";
import type { ProjectContext } from "../context";
import type { ImportRow } from "./imports";
import { writeInTurn } from "../../http/writeInTurn";

const PAGE_ROWS = 1000;

const fill = (text: string, values: Record<string, unknown>) => text.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));

/** German when asked for (?locale=de, else the browser's first language), English otherwise. */
function localeOf(req: IncomingMessage, url: URL) {
  const asked = url.searchParams.get("locale") ?? req.headers["accept-language"] ?? "";
  return asked.toLowerCase().startsWith("de") ? "de" : "en";
}

/**
 * A refused row's cells in the header's columns: a row refused for its cell count (a trailing
 * separator, an unquoted comma, a quote left open) has more or fewer cells than the header, and
 * written as it was, every cell after it would stand under the wrong column and the reason
 * outside the error column. Missing cells are empty; cells beyond the header are kept in the
 * reason's text, so nothing the file held is lost.
 */
export function cellsInColumns(cells: readonly string[], columns: number): { cells: string[]; surplus: string[] } {
  const fitted = cells.slice(0, columns);
  while (fitted.length < columns) fitted.push("");
  return { cells: fitted, surplus: cells.slice(columns) };
}

/**
 * GET /p/<apiId>/imports/<id>/failed.csv: the rows an import refused, as they were in the file,
 * after their line number and before the reason, in the caller's language — fix them and import
 * this file again (the line and error columns are then skipped as unknown columns). Every row
 * has exactly the header's cells.
 */
export async function failedRowsCsv(req: IncomingMessage, res: ServerResponse, ctx: ProjectContext, row: ImportRow, url: URL) {
  const messages = messagesFor(localeOf(req, url));
  const header = ["line", ...row.header, "error"];
  res.writeHead(200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${row.table_name}-failed-rows.csv"`,
    "cache-control": "no-store",
  });
  await writeInTurn(res, `\uFEFF${Papa.unparse([header], { newline: "\r\n" })}\r\n`);
  let after = 0;
  while (!res.destroyed) {
    const failures = await ctx.db
      .selectFrom("project_import_failures")
      .select(["line", "cells", "message_id", "field", "details"])
      .where("import_id", "=", row.id)
      .where("line", ">", after)
      .orderBy("line")
      .limit(PAGE_ROWS)
      .execute();
    if (failures.length === 0) break;
    const cells = failures.map((failure) => {
      const fitted = cellsInColumns(failure.cells, row.header.length);
      const reason = fill(messages[failure.message_id] ?? failure.message_id, { field: failure.field ?? "", ...failure.details });
      const surplus = fitted.surplus.length ? ` ${fill(messages.error_csv_surplus_cells, { cells: fitted.surplus.join(", ") })}` : "";
      // The file's own cells, but a formula in them must not run where this file is opened.
      return [String(failure.line), ...fitted.cells.map(neutralisedCell), neutralisedCell(reason + surplus)];
    });
    await writeInTurn(res, `${Papa.unparse(cells, { newline: "\r\n", quotes: quoteNeutralised })}\r\n`);
    after = failures[failures.length - 1].line;
  }
  res.end();
}
