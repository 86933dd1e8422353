import type { IncomingMessage } from "node:http";
import type { Config } from "../config";
import { toFetchRequest } from "../http/fetch-adapter";
import { corsHeaders, preflight, withoutCorsHeaders } from "./cors";
import { contentSecurityPolicy, securityHeaders } from "./headers";

/**
 * What every request passes on its way in and out, whatever path it takes: malformed requests
 * end here with 400, preflights are answered, and every answer gets the security and CORS
 * headers (OWASP secure headers).
 */
export function createEdge(config: Config, consoleDist: string, route: (request: Request) => Promise<Response>) {
  const headers = securityHeaders(contentSecurityPolicy(consoleDist, config));
  return async function handle(req: IncomingMessage): Promise<Response> {
    const request = parseRequest(req);
    if (!request) return finish(new Response("Bad request", { status: 400 }), null);
    if (request.method === "OPTIONS") return finish(preflight(request, config.corsOrigins), null);
    return finish(await route(request), request);
  };

  function finish(response: Response, request: Request | null): Response {
    const out = new Headers(response.headers);
    withoutCorsHeaders(out);
    if (request) for (const [name, value] of Object.entries(corsHeaders(request, config.corsOrigins))) out.set(name, value);
    for (const [name, value] of Object.entries(headers)) if (!out.has(name)) out.set(name, value);
    // Preflight answers keep their own CORS headers.
    if (!request) for (const [name, value] of response.headers) if (name.startsWith("access-control-")) out.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out });
  }
}

/** A Host header or percent-encoding that cannot be parsed is the client's mistake, not ours. */
function parseRequest(req: IncomingMessage): Request | null {
  let request: Request;
  try {
    request = toFetchRequest(req, `http://${req.headers.host ?? "localhost"}`);
    decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return null;
  }
  return request;
}
