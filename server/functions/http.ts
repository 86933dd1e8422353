import type { IncomingMessage, ServerResponse } from "node:http";
import { fileKeyProblem } from "../../src/domain/files";
import type { Db } from "../db/database";
import type { Limits } from "../limits/settings";
import { readBodyWithin } from "../http/body";
import { withinLimit } from "../limits/rateLimit";
import { PROJECT_API_CORS_HEADERS } from "../security/cors";
import type { ProjectContext } from "../projectEndpoint/context";
import type { Refusal } from "../projectEndpoint/endpoint";
import { callerKey } from "../projectEndpoint/csv/requests";
import { functionByKey } from "../projectEndpoint/files/store";
import type { InvocationStatus } from "./sandbox/pool";

const MINUTE_MS = 60_000;

/** How a failed invocation is answered: the function failed (502), took too long (504), or could not start. */
const FAILURES: Record<Exclude<InvocationStatus, "ok">, { status: number; code: string; messageId: string }> = {
  error: { status: 502, code: "FUNCTION_ERROR", messageId: "error_function_failed" },
  stack: { status: 502, code: "FUNCTION_ERROR", messageId: "error_function_failed" },
  memory: { status: 502, code: "FUNCTION_MEMORY", messageId: "error_function_memory" },
  too_large: { status: 502, code: "FUNCTION_RESULT_TOO_LARGE", messageId: "error_function_result_too_large" },
  timeout: { status: 504, code: "FUNCTION_TIMEOUT", messageId: "error_function_timeout" },
  busy: { status: 503, code: "FUNCTION_BUSY", messageId: "error_function_busy" },
  unsupported: { status: 501, code: "FUNCTION_UNSUPPORTED", messageId: "error_function_unsupported" },
};

function answerError(req: IncomingMessage, res: ServerResponse, status: number, code: string, messageId: string, message: string, extra: Record<string, string> = {}) {
  // A refused body is not read: the connection closes instead of draining it.
  const closes = !req.readableEnded;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...extra, ...(closes ? { connection: "close" } : {}) });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code, messageId } }] }), () => {
    if (closes) req.destroy();
  });
}

/**
 * A cloud function's URL, `POST /p/<apiId>/functions/<key>`: JSON in (the handler's event) and
 * the handler's result as JSON out. The caller is resolved as the project endpoint resolves
 * it (API key, pool user, OIDC token, member), and the function acts as that caller.
 */
export function createFunctionUrlRoute(deps: {
  db: Db;
  limits: Limits;
  projectContext: (apiId: string, credentials: { apiKey?: string; authorization?: string; host?: string }) => Promise<ProjectContext | Refusal>;
}) {
  return async function serve(req: IncomingMessage, res: ServerResponse, route: { apiId: string; key: string }) {
    for (const [name, value] of Object.entries(PROJECT_API_CORS_HEADERS)) res.setHeader(name, value);
    const { limits } = deps;
    const body = await readBodyWithin(req, limits.functionRequestMaxBytes);
    if (!body) return answerError(req, res, 413, "BAD_USER_INPUT", "error_function_request_too_large", `The request body is larger than ${limits.functionRequestMaxBytes} bytes.`);
    let event: unknown = null;
    if (body.length > 0) {
      try {
        event = JSON.parse(body.toString("utf8"));
      } catch {
        return answerError(req, res, 400, "BAD_USER_INPUT", "error_function_bad_json", "The request body must be JSON.");
      }
    }
    const apiKey = req.headers["x-api-key"];
    const ctx = await deps.projectContext(route.apiId, { apiKey: typeof apiKey === "string" ? apiKey : undefined, authorization: req.headers.authorization, host: req.headers.host });
    if ("status" in ctx) return answerError(req, res, ctx.status, ctx.code, ctx.messageId, ctx.message);
    const fn = fileKeyProblem(route.key) ? undefined : await functionByKey(deps.db, route.apiId, route.key);
    if (!fn) return answerError(req, res, 404, "NOT_FOUND", "error_function_not_found", "This project has no cloud function of this name.");
    if (!(await withinLimit(deps.db, `function-call:${route.apiId}:${callerKey(ctx)}`, limits.functionCallsPerCallerPerMinute, MINUTE_MS))) {
      return answerError(req, res, 429, "RATE_LIMITED", "error_rate_limited_functions", "Too many calls of this project's functions. Please try again in a minute.", { "retry-after": "60" });
    }
    const outcome = await ctx.project.functions.invoke(ctx, fn, event, { kind: "url" });
    if (outcome.status === "ok") {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      return void res.end(outcome.resultJson);
    }
    const failure = FAILURES[outcome.status];
    return answerError(req, res, failure.status, failure.code, failure.messageId, outcome.error ?? "The function failed.", outcome.status === "busy" ? { "retry-after": "1" } : {});
  };
}

export type FunctionUrlRoute = ReturnType<typeof createFunctionUrlRoute>;
