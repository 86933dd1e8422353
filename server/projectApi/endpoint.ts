import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../db/database";
import type { Context } from "../graphql/context";
import { createGraphqlHandler } from "../graphql/yoga";
import { MAX_BODY_BYTES } from "../graphql/limits";
import { answerBodyTooLarge, readBodyWithin } from "../http/body";
import { requireMembership } from "../access";
import type { ApiKeys } from "./apiKeys";
import type { Caller } from "./access";
import type { ProjectContext } from "./context";
import { createLiveCache } from "./live";
import { createLoaders } from "./loaders";
import { generateProjectSchema } from "./schema";

/** `/p/<apiId>/graphql`, with or without a query string; the api id, or null for other paths. */
export function projectApiIdOf(url: string | undefined): string | null {
  const match = url ? /^\/p\/([A-Za-z0-9_-]{1,128})\/graphql(?:\?|$)/.exec(url) : null;
  return match ? match[1] : null;
}

/** A refusal before GraphQL runs, shaped like a GraphQL answer so every client reads it. */
function answerRefusal(res: ServerResponse, status: number, code: string, messageId: string, message: string) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code, messageId } }] }));
}

/**
 * Each project's own GraphQL API (DESIGN.md "A project's own API"): the schema of the version
 * that is live when the request starts, served by yoga with the platform's query and input
 * limits. The caller is an API key (`x-api-key`, not expired) or a member of the project's
 * workspace with the console's access token, acting by their role.
 */
export function createProjectEndpoint(options: {
  db: Db;
  apiKeys: ApiKeys;
  contextFor: (authorization: string | undefined) => Promise<Context>;
}) {
  const { db, apiKeys, contextFor } = options;
  const liveSchema = createLiveCache((live) => generateProjectSchema(live.model).schema);
  const yoga = createGraphqlHandler((ctx) => (ctx as ProjectContext).project.schema, "/p/:apiId/graphql");

  return async function serve(req: IncomingMessage, res: ServerResponse, apiId: string) {
    // The body is read first, before any other await: the edge's request wrapper starts
    // draining the stream, so waiting for the database first would lose it.
    if (req.method !== "GET" && req.method !== "HEAD") {
      const body = await readBodyWithin(req, MAX_BODY_BYTES);
      if (!body) return answerBodyTooLarge(req, res, MAX_BODY_BYTES);
      // @whatwg-node/server takes an already read body from `req.body`.
      (req as IncomingMessage & { body?: string }).body = body.toString("utf8");
    }
    const live = await liveSchema(db, apiId);
    if (!live) {
      return answerRefusal(res, 404, "NOT_FOUND", "error_api_management_before_publish", "Please publish project before editing data.");
    }
    const platformContext = await contextFor(req.headers.authorization);
    let caller: Caller;
    const key = req.headers["x-api-key"];
    if (typeof key === "string" && key) {
      const valid = await apiKeys.validKey(db, apiId, key);
      if (!valid) return answerRefusal(res, 401, "UNAUTHENTICATED", "error_api_key_invalid", "This API key is unknown or has expired.");
      caller = { kind: "apiKey", keyId: valid.id };
    } else if (platformContext.viewer) {
      try {
        const membership = await requireMembership(platformContext, live.live.orgId);
        caller = { kind: "member", roleType: membership.roleType };
      } catch {
        return answerRefusal(res, 403, "FORBIDDEN", "error_forbidden", "You are not allowed to do this.");
      }
    } else {
      return answerRefusal(res, 401, "UNAUTHENTICATED", "error_unauthenticated", "Send an API key in x-api-key or sign in.");
    }
    const context: ProjectContext = {
      ...platformContext,
      project: { apiId, version: live.live.version, schema: live.built, caller, imported: live.imported, apiKeys, loaders: createLoaders(db, apiId) },
    };
    await yoga(req, res, context);
  };
}
