import { randomUUID } from "node:crypto";
import { sourceAddressOf } from "../http/fetch-adapter";
import { log } from "../log";
import { calls } from "./calls";
import type { AuthContext } from "./context";
import { AuthError, invalidParameter } from "./errors";
import { isObject, type JsonObject } from "./params";
import type { ProjectPools } from "./projectPools";

const TARGET_PREFIX = "AWSCognitoIdentityProviderService.";
/** Cognito requests are small; this bounds what a client can make us buffer. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The console may run on another origin (Vite in development), and the library sends X-Amz-*
 * headers, so every answer carries CORS headers and preflights are answered. Tokens travel in
 * bodies, never cookies, so any origin may call.
 */
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-amzn-errortype, x-amzn-requestid",
};

const JWKS_PATH = /^\/auth\/([\w-]+_[0-9a-zA-Z]+)\/\.well-known\/jwks\.json$/;

/** The console's pool, and the projects' pools (projectPools.ts) on the same path and keys. */
export function createHttpHandler(ctx: AuthContext, projectPools: ProjectPools) {
  return async function handle(request: Request): Promise<Response> {
    try {
      const path = new URL(request.url).pathname;
      if (request.method === "OPTIONS") return preflight(request);
      const jwksOf = request.method === "GET" ? JWKS_PATH.exec(path)?.[1] : undefined;
      if (jwksOf && (jwksOf === ctx.poolId || (await projectPools.byPoolId(jwksOf)))) {
        return respond(200, ctx.keys.jwks, { "content-type": "application/json", "cache-control": "public, max-age=300" });
      }
      if (request.method === "POST" && (path === "/auth" || path === "/auth/")) return await protocolCall(ctx, projectPools, request);
      return respond(404, { __type: "ResourceNotFoundException", message: "Not found" });
    } catch (error) {
      if (error instanceof AuthError) {
        return respond(400, { __type: error.type, message: error.message }, { "x-amzn-errortype": `${error.type}:` });
      }
      // Bad input never lands here; a failing database does, and the client may retry.
      log.error("auth: unexpected error", error);
      return respond(500, { __type: "InternalErrorException", message: "Internal error" }, {
        "x-amzn-errortype": "InternalErrorException:",
      });
    }
  };
}

function preflight(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "access-control-allow-methods": "GET, POST, OPTIONS",
      "access-control-allow-headers":
        request.headers.get("access-control-request-headers") ??
        "content-type, x-amz-target, x-amz-user-agent, cache-control, authorization",
      "access-control-max-age": "86400",
    },
  });
}

async function protocolCall(consoleCtx: AuthContext, projectPools: ProjectPools, request: Request): Promise<Response> {
  const target = request.headers.get("x-amz-target") ?? "";
  const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
  const call = name === undefined ? undefined : calls.get(name);
  if (!call) throw new AuthError("UnknownOperationException", `Unknown operation ${target || "(no X-Amz-Target)"}`);
  const body = await readBody(request);
  const ctx = (await projectPoolOf(consoleCtx, projectPools, body)) ?? consoleCtx;
  return respond(200, await call(ctx, body, sourceAddressOf(request)));
}

/**
 * The project pool a call is for: the one whose client id it names, or, for calls that carry
 * only an access token, the one that issued it. Anything else is the console's pool, which
 * refuses unknown clients and foreign tokens itself.
 */
async function projectPoolOf(consoleCtx: AuthContext, projectPools: ProjectPools, body: JsonObject): Promise<AuthContext | null> {
  if (typeof body.ClientId === "string") return body.ClientId === consoleCtx.clientId ? null : projectPools.byClientId(body.ClientId);
  if (typeof body.AccessToken === "string") return projectPools.byToken(body.AccessToken);
  return null;
}

async function readBody(request: Request): Promise<JsonObject> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw invalidParameter("Request body too large");
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) throw invalidParameter("Request body too large");
      chunks.push(chunk);
    }
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw invalidParameter("The request body is not valid JSON");
  }
  if (!isObject(body)) throw invalidParameter("The request body must be a JSON object");
  // PostgreSQL text cannot hold NUL; refused here, it never becomes a database error (HTTP 500).
  if (containsNul(body)) throw invalidParameter("Text must not contain NUL characters");
  return body;
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item));
  return false;
}

function respond(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/x-amz-json-1.1",
      "x-amzn-requestid": randomUUID(),
      ...CORS_HEADERS,
      ...headers,
    },
  });
}
