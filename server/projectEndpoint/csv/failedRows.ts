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
 * GET /p/<apiId>/imports/<id>/failed.csv: the rows an import refused, as they were in the file,
 * after their line number and before the reason, in the caller's language — fix them and import
 * this file again (the line and error columns are then skipped as unknown columns).
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
    const cells = failures.map((failure) => [
      String(failure.line),
      // The file's own cells, but a formula in them must not run where this file is opened.
      ...failure.cells.map(neutralisedCell),
      fill(messages[failure.message_id] ?? failure.message_id, { field: failure.field ?? "", ...failure.details }),
    ]);
    await writeInTurn(res, `${Papa.unparse(cells, { newline: "\r\n", quotes: quoteNeutralised })}\r\n`);
    after = failures[failures.length - 1].line;
  }
  res.end();
}
