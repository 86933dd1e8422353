import type { ServerResponse } from "node:http";
import Papa from "papaparse";
import { neutralisedCell, quoteNeutralised } from "../../../src/domain/csv";
import { writeInTurn } from "../../http/writeInTurn";
import { activityPage, readActivityFilter } from "../builtIns/activityLog";
import type { ProjectContext } from "../context";
import { requireWithinLimit } from "./requests";

/** Rows read per statement, and the kept change data after which a page ends early (like export.ts). */
const EXPORT_PAGE_ROWS = 1000;
const EXPORT_PAGE_BYTES = 1024 * 1024;

/**
 * GET /p/<apiId>/activities.csv?table=&event=&since=&until=: the Logs screen's filtered activities
 * (all of them within the retention, not one page) as CSV, newest first, the changes of a MODIFY
 * as JSON. Read in keyset pages bounded in rows and bytes, each written as the client takes it,
 * so memory stays flat for a busy project.
 */
export async function exportActivitiesCsv(res: ServerResponse, ctx: ProjectContext, url: URL) {
  const params = url.searchParams;
  const filter = readActivityFilter({ recordType: params.get("table"), eventName: params.get("event"), since: params.get("since"), until: params.get("until") });
  await requireWithinLimit(ctx, "export");
  res.writeHead(200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="activities.csv"`,
    "cache-control": "no-store",
  });
  const unparse = (rows: string[][]) => `${Papa.unparse(rows, { newline: "\r\n", quotes: quoteNeutralised })}\r\n`;
  await writeInTurn(res, `\uFEFF${unparse([["createdAt", "eventName", "recordType", "recordId", "changes"]])}`);
  let after: string | null = null;
  while (!res.destroyed) {
    const rows = await activityPage(ctx.db, ctx.project.apiId, filter, EXPORT_PAGE_ROWS, after, EXPORT_PAGE_BYTES);
    if (rows.length === 0) break;
    const cells = rows.map((row) => [row.created_at, row.event_name, neutralisedCell(row.record_type), neutralisedCell(row.record_id), row.changes ? neutralisedCell(JSON.stringify(row.changes)) : ""]);
    await writeInTurn(res, unparse(cells));
    after = rows[rows.length - 1].id;
  }
  res.end();
}
