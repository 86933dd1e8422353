import type { IncomingMessage } from "node:http";
import { isCorsHeader } from "../security/cors";
import { toFetchRequest } from "./fetch-adapter";
import type { RouteHandler } from "./router";

/**
 * A route written as `(Request) => Response` (the sign-in service, the mailbox, checkout, the
 * console's files), mounted in the router like any other: it answers through the same response,
 * so the middleware's headers stay on it. CORS is the route's policy, not the handler's: the CORS
 * headers a handler sets itself are left out.
 */
export function fetchRoute(handle: (request: Request) => Promise<Response> | Response, sourceAddress: (req: IncomingMessage) => string): RouteHandler<unknown> {
  return async (req, res) => {
    const response = await handle(toFetchRequest(req, `http://${req.headers.host ?? "localhost"}`, sourceAddress(req)));
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (!isCorsHeader(name)) headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    res.writeHead(response.status, headers);
    if (!response.body) return void res.end();
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}
