import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

/**
 * The names a pattern declares: `/p/:apiId/files/*key` gives `{ apiId: string; key: string }`,
 * so a handler reads its parameters typed and a renamed one fails to compile.
 */
export type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Pattern extends `${string}*${infer Name}`
      ? { [K in Name]: string }
      : Record<never, string>;

export type RouteHandler<Params> = (req: IncomingMessage, res: ServerResponse, params: Params) => Promise<void> | void;
export type UpgradeHandler<Params> = (req: IncomingMessage, socket: Duplex, head: Buffer, params: Params) => void;

/**
 * Who may call a route from another origin. By default only the origins CORS_ORIGINS lists (the
 * middleware answers their preflight); a route its customers' apps call from anywhere names the
 * headers of its answers and of its preflight, or "handler" when it answers the preflight itself.
 */
export interface RouteCors {
  headers: Readonly<Record<string, string>>;
  preflight: Readonly<Record<string, string>> | "handler";
}

export interface RouteOptions {
  cors?: RouteCors;
}

interface CompiledRoute {
  pattern: string;
  regex: RegExp;
  names: string[];
  options: RouteOptions;
  handle: RouteHandler<Record<string, string>>;
}

interface CompiledUpgrade {
  pattern: string;
  regex: RegExp;
  names: string[];
  handle: UpgradeHandler<Record<string, string>>;
}

/** What a request passes before its route: true when it has answered the request itself. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, route: { pattern: string; options: RouteOptions } | null) => boolean;

/**
 * One table of every HTTP route and WebSocket upgrade of the server, in registration order; the
 * first route whose pattern matches the path (the query string aside) serves it. Patterns are
 * literal segments, `:name` for one segment and a final `*name` for the rest of the path;
 * `shapes` narrows what a named segment may hold (an api id), so a path outside it falls through
 * to later routes as it would without the route. Every request passes the middleware first,
 * whichever route serves it, so no route can leave out the security headers.
 */
export function createRouter(shapes: Readonly<Record<string, string>> = {}) {
  const routes: CompiledRoute[] = [];
  const upgrades: CompiledUpgrade[] = [];
  const middleware: Middleware[] = [];

  function compile(pattern: string) {
    const names: string[] = [];
    const source = pattern
      .split("/")
      .map((segment) => {
        if (segment.startsWith(":")) return names.push(segment.slice(1)), `(${shapes[segment.slice(1)] ?? "[^/]+"})`;
        if (segment.startsWith("*")) return names.push(segment.slice(1)), "(.+)";
        return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    return { regex: new RegExp(`^${source}$`), names };
  }

  function matchIn<R extends { regex: RegExp; names: string[] }>(list: R[], url: string | undefined) {
    const path = pathOf(url);
    for (const route of list) {
      const match = route.regex.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = match[i + 1]));
      return { route, params };
    }
    return null;
  }

  return {
    /** Adds a route: one line per endpoint (docs/ARCHITECTURE.md, "HTTP routes"). */
    add<Pattern extends string>(pattern: Pattern, handle: RouteHandler<ParamsOf<Pattern>>, options: RouteOptions = {}) {
      routes.push({ pattern, ...compile(pattern), options, handle: handle as RouteHandler<Record<string, string>> });
    },
    /** A WebSocket endpoint on a path; an upgrade no pattern takes is closed. */
    upgrade<Pattern extends string>(pattern: Pattern, handle: UpgradeHandler<ParamsOf<Pattern>>) {
      upgrades.push({ pattern, ...compile(pattern), handle: handle as UpgradeHandler<Record<string, string>> });
    },
    use(step: Middleware) {
      middleware.push(step);
    },
    /** The registered patterns, for the test that asks each of them for its headers. */
    patterns: () => routes.map((route) => route.pattern),
    upgradePatterns: () => upgrades.map((route) => route.pattern),
    async serve(req: IncomingMessage, res: ServerResponse) {
      const found = matchIn(routes, req.url);
      for (const step of middleware) if (step(req, res, found && { pattern: found.route.pattern, options: found.route.options })) return;
      if (!found) return void res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
      await found.route.handle(req, res, found.params);
    },
    serveUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const found = matchIn(upgrades, req.url);
      if (!found) return void socket.destroy();
      found.route.handle(req, socket, head, found.params);
    },
  };
}

export type Router = ReturnType<typeof createRouter>;

/** The path of a request target, without its query string. */
function pathOf(url: string | undefined) {
  if (!url) return "/";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
