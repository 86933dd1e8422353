import type { IncomingMessage, ServerResponse } from "node:http";
import { notFound, refuse } from "../../graphqlKit/errors";
import { requireAction } from "../access/access";
import type { ProjectContext } from "../context";
import type { Refusal } from "../endpoint";
import { findImport, activeImport, importStatus } from "./imports";
import { startImport } from "./start";
import { exportCsv } from "./export";
import { failedRowsCsv } from "./failedRows";
import { answerError, answerJson, ERROR_STATUS, liveTable } from "./requests";

/** Which CSV route of a project a request is for: `/p/<apiId>/imports…` or `/p/<apiId>/export.csv` (server/http/routes.ts). */
export interface CsvRoute {
  apiId: string;
  export: boolean;
  importId: string | null;
  failedRows: boolean;
}

/**
 * Serves the CSV routes: the caller is checked as on /p/<apiId>/graphql (API key or member),
 * then each route asks for its data action. Every refusal answers with its status and message
 * key; nothing answers 500 for bad input.
 */
export function createCsvRoutes(projectContext: (apiId: string, credentials: { apiKey?: string; authorization?: string; host?: string }) => Promise<ProjectContext | Refusal>) {
  async function handle(req: IncomingMessage, res: ServerResponse, route: CsvRoute, ctx: ProjectContext, url: URL) {
    if (route.export) {
      if (req.method !== "GET") throw refuse("BAD_USER_INPUT", "error_method", "Use GET.");
      requireAction(ctx.project.caller, "read");
      return exportCsv(res, ctx, url);
    }
    if (!route.importId) {
      if (req.method === "POST") return startImport(req, res, ctx, url);
      if (req.method !== "GET") throw refuse("BAD_USER_INPUT", "error_method", "Use GET or POST.");
      requireAction(ctx.project.caller, "read");
      const { table } = await liveTable(ctx, url.searchParams.get("table"));
      const row = await activeImport(ctx.db, ctx.project.apiId, table.type.id);
      return answerJson(res, 200, { import: row ? await importStatus(ctx.db, row) : null });
    }
    if (req.method !== "GET") throw refuse("BAD_USER_INPUT", "error_method", "Use GET.");
    requireAction(ctx.project.caller, "read");
    const row = await findImport(ctx.db, ctx.project.apiId, route.importId);
    if (!row) throw notFound();
    if (route.failedRows) return failedRowsCsv(req, res, ctx, row, url);
    return answerJson(res, 200, { import: await importStatus(ctx.db, row) });
  }

  return async function serve(req: IncomingMessage, res: ServerResponse, route: CsvRoute) {
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      const key = req.headers["x-api-key"];
      const ctx = await projectContext(route.apiId, { apiKey: typeof key === "string" ? key : undefined, authorization: req.headers.authorization, host: req.headers.host });
      if ("status" in ctx) return answerError(req, res, ctx.status, { code: ctx.code, messageId: ctx.messageId }, ctx.message);
      await handle(req, res, route, ctx, url);
    } catch (error) {
      // A refusal (server/graphqlKit/errors.ts) carries its code; anything else is a real failure.
      const extensions = (error as { extensions?: Record<string, unknown> } | null)?.extensions;
      const status = typeof extensions?.code === "string" ? ERROR_STATUS[extensions.code] : undefined;
      if (status) return answerError(req, res, status, extensions!, (error as Error).message);
      throw error;
    }
  };
}
