import type { IncomingMessage } from "node:http";
import type { Config } from "../config";
import { toFetchRequest } from "../http/fetch-adapter";
import { createSourceAddress } from "../http/sourceAddress";
import { corsHeaders, corsHeadersForOrigin, preflight, withoutCorsHeaders } from "./cors";
import { contentSecurityPolicy, securityHeaders } from "./headers";

/**
 * What every request passes on its way in and out, whatever path it takes: malformed requests
 * end here with 400, preflights are answered, and every answer gets the security and CORS
 * headers (OWASP secure headers).
 */
export function createEdge(config: Config, consoleDist: string, route: (request: Request) => Promise<Response>) {
  const headers = securityHeaders(contentSecurityPolicy(consoleDist, config));
  const sourceAddress = createSourceAddress(config.trustedProxies);
  async function handle(req: IncomingMessage): Promise<Response> {
    const request = parseRequest(req, sourceAddress);
    if (!request) return withHeaders(new Response("Bad request", { status: 400 }));
    // The edge's own preflight answer already carries exactly the CORS it grants.
    if (request.method === "OPTIONS") return withHeaders(preflight(request, config.corsOrigins));
    const response = await route(request);
    const out = new Headers(response.headers);
    withoutCorsHeaders(out);
    for (const [name, value] of Object.entries(corsHeaders(request, config.corsOrigins))) out.set(name, value);
    return withHeaders(new Response(response.body, { status: response.status, statusText: response.statusText, headers: out }));
  }

  /**
   * The same security and CORS headers for a request served straight from Node (GraphQL, the hot
   * path); null when it is malformed, so `handle` answers it with 400.
   */
  function headersFor(req: IncomingMessage): Record<string, string> | null {
    if (!hasParsableTarget(req)) return null;
    const origin = req.headers.origin;
    return { ...headers, ...corsHeadersForOrigin(Array.isArray(origin) ? origin[0] : origin, config.corsOrigins) };
  }

  // securityHeaders: the headers alone, for an answer that has nothing else (a failure).
  return Object.assign(handle, { headersFor, securityHeaders: headers });

  function withHeaders(response: Response): Response {
    for (const [name, value] of Object.entries(headers)) if (!response.headers.has(name)) response.headers.set(name, value);
    return response;
  }
}

/**
 * parseRequest's check of the Host header and the path, without building a Fetch Request (and
 * a web stream over the body) that the GraphQL hot path would only throw away.
 */
function hasParsableTarget(req: IncomingMessage): boolean {
  try {
    decodeURIComponent(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`).pathname);
    return true;
  } catch {
    return false;
  }
}

/** A Host header or percent-encoding that cannot be parsed is the client's mistake, not ours. */
function parseRequest(req: IncomingMessage, sourceAddress: (req: IncomingMessage) => string): Request | null {
  let request: Request;
  try {
    request = toFetchRequest(req, `http://${req.headers.host ?? "localhost"}`, sourceAddress(req));
    decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return null;
  }
  return request;
}
