import type { IncomingMessage, ServerResponse } from "node:http";
import { forbidden, refuse } from "../../graphqlKit/errors";
import { withinLimit, HOUR_MS } from "../../limits/rateLimit";
import { canPublishApi } from "../../../src/domain/permissions";
import type { SchemaModel } from "../../../src/domain/model";
import { planModel } from "../schema/plan";
import type { ProjectContext } from "../context";

/** What the CSV routes share: answers, the live table, the caller's limits and rights. */

export const ERROR_STATUS: Record<string, number> = { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, RATE_LIMITED: 429 };

/** A refusal shaped like a GraphQL answer, as the project endpoint answers, so the console reads it the same way. */
export function answerError(req: IncomingMessage, res: ServerResponse, status: number, extensions: Record<string, unknown>, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // A refused upload is not read: the connection closes instead of draining megabytes.
  const closes = req.method === "POST" && !req.readableEnded;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...(closes ? { connection: "close" } : {}) });
  res.end(JSON.stringify({ errors: [{ message, extensions }] }), () => {
    if (closes) req.destroy();
  });
}

export function answerJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

/** The live model's table of this name, or NOT_FOUND. */
export async function liveTable(ctx: ProjectContext, name: string | null) {
  const live = await ctx.db.selectFrom("project_live_versions").select("model").where("api_id", "=", ctx.project.apiId).executeTakeFirst();
  const plan = planModel(live?.model as SchemaModel);
  const table = plan.tables.find((candidate) => candidate.type.name === name);
  if (!table) throw refuse("NOT_FOUND", "error_csv_table_unknown", `This project has no published table named ${name ?? ""}.`, { table: name ?? "" });
  return { plan, table };
}

/** Who is counted for the per-caller limits: the API key, or the signed-in person. */
export const callerKey = (ctx: ProjectContext) => {
  const caller = ctx.project.caller;
  if (caller.kind === "apiKey") return `key:${caller.keyId}`;
  return caller.kind === "user" ? `projectUser:${caller.sub}` : `user:${ctx.viewer?.sub}`;
};

export async function requireWithinLimit(ctx: ProjectContext, what: "import" | "export") {
  const limit = what === "import" ? ctx.config.limits.csvImportsPerCallerPerHour : ctx.config.limits.csvExportsPerCallerPerHour;
  if (await withinLimit(ctx.db, `csv-${what}:${ctx.project.apiId}:${callerKey(ctx)}`, limit, HOUR_MS)) return;
  throw refuse("RATE_LIMITED", `error_rate_limited_csv_${what}`, `Too many CSV ${what}s in this project. Please try again in an hour.`, { max: limit });
}

/** Adding fields changes the model, which only those who may publish may do (docs/ROLES.md project.edit). */
export function requireModelRights(ctx: ProjectContext) {
  const caller = ctx.project.caller;
  if (caller.kind === "member" && canPublishApi(caller.roleType)) return;
  throw forbidden("error_csv_fields_requires_role", "Only developers, admins and owners can add columns as new fields.");
}
