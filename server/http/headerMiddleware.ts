import type { IncomingMessage } from "node:http";
import type { Config } from "../config";
import { corsHeadersForOrigin, preflightHeaders } from "../security/cors";
import { contentSecurityPolicy, securityHeaders } from "../security/headers";
import type { Middleware } from "./router";

/**
 * What every request passes on its way in, whichever route serves it (OWASP secure headers): the
 * security headers and the route's CORS headers are set on the response before the route runs,
 * so every answer it writes carries them (a route may still set a stricter one of its own, as the
 * mailbox page does with its CSP); a malformed request ends here with 400 and a preflight is
 * answered here unless the route answers its own.
 */
export function createHeaderMiddleware(config: Config, consoleDist: string): Middleware {
  const security = Object.entries(securityHeaders(contentSecurityPolicy(consoleDist, config)));
  return (req, res, route) => {
    for (const [name, value] of security) res.setHeader(name, value);
    if (!hasParsableTarget(req)) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("Bad request");
      return true;
    }
    const origin = firstOf(req.headers.origin);
    const cors = route?.options.cors;
    const preflight = req.method === "OPTIONS";
    if (!cors && preflight) {
      res.writeHead(204, preflightHeaders(origin, firstOf(req.headers["access-control-request-headers"]), config.corsOrigins)).end();
      return true;
    }
    for (const [name, value] of Object.entries(corsHeadersForOrigin(origin, config.corsOrigins))) res.setHeader(name, value);
    if (!cors) return false;
    for (const [name, value] of Object.entries(cors.headers)) res.setHeader(name, value);
    if (!preflight || cors.preflight === "handler") return false;
    res.writeHead(204, cors.preflight).end();
    return true;
  };
}

/** A Host header or percent-encoding that cannot be parsed is the client's mistake, not ours. */
function hasParsableTarget(req: IncomingMessage): boolean {
  try {
    decodeURIComponent(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`).pathname);
    return true;
  } catch {
    return false;
  }
}

function firstOf(header: string | string[] | undefined) {
  return Array.isArray(header) ? header[0] : header;
}
