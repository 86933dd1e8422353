import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../db/database";
import type { Limits } from "../limits/settings";
import type { JobRunner } from "../jobs/runner";
import { readBodyWithin } from "../http/body";
import { PROJECT_API_CORS_HEADERS } from "../security/cors";
import { startRun } from "./start";
import { findFlowForUpdate, schemaOfFlow } from "./store";

const BODY_MAX_BYTES = 256 * 1024;

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: object) {
  const closes = !req.readableEnded;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...(closes ? { connection: "close" } : {}) });
  res.end(JSON.stringify(body), () => {
    if (closes) req.destroy();
  });
}
const refusal = (code: string, messageId: string, message: string) => ({ errors: [{ message, extensions: { code, messageId } }] });

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * A flow's webhook, `POST /p/<apiId>/flows/<flowId>/webhook`: the caller sends the secret of one
 * of the flow's webhook triggers in x-flow-secret; the JSON body is the run's trigger.body. The
 * answer is 202 with the run's id: the run goes on as a job. A wrong secret starts nothing.
 */
export function createFlowWebhookRoute(deps: { db: Db; limits: Limits; jobs: JobRunner }) {
  return async function serve(req: IncomingMessage, res: ServerResponse, route: { apiId: string; flowId: string }) {
    for (const [name, value] of Object.entries(PROJECT_API_CORS_HEADERS)) res.setHeader(name, value);
    if (req.method !== "POST") return answer(req, res, 405, refusal("BAD_REQUEST", "error_method_not_allowed", "Send a POST."));
    const secret = req.headers["x-flow-secret"];
    const given = typeof secret === "string" ? secret : "";
    const body = await readBodyWithin(req, BODY_MAX_BYTES);
    if (!body) return answer(req, res, 413, refusal("BAD_USER_INPUT", "error_function_request_too_large", `The request body is larger than ${BODY_MAX_BYTES} bytes.`));
    let values: unknown = null;
    if (body.length > 0) {
      try {
        values = JSON.parse(body.toString("utf8"));
      } catch {
        return answer(req, res, 400, refusal("BAD_USER_INPUT", "error_function_bad_json", "The request body must be JSON."));
      }
    }
    const outcome = await deps.db.transaction().execute(async (tx) => {
      const flow = await findFlowForUpdate(tx, route.flowId);
      if (!flow || flow.api_id !== route.apiId) return "unknown" as const;
      const trigger = schemaOfFlow(flow).triggers.find((t) => t.variant === "webhook" && t.secret && sameSecret(given, t.secret));
      if (!trigger) return "secret" as const;
      return startRun(tx, deps.limits, flow, { kind: "webhook", triggerId: trigger.id, body: values }, 0);
    });
    if (outcome === "unknown") return answer(req, res, 404, refusal("NOT_FOUND", "error_flow_webhook_unknown", "This flow has no webhook trigger."));
    if (outcome === "secret") return answer(req, res, 401, refusal("UNAUTHENTICATED", "error_flow_webhook_secret", "Wrong or missing webhook secret."));
    deps.jobs.kick();
    answer(req, res, 202, { runId: outcome.id, status: outcome.status });
  };
}

export type FlowWebhookRoute = ReturnType<typeof createFlowWebhookRoute>;
