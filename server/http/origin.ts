import { isIP } from "node:net";
import type { Config } from "../config";
import { listenAddresses } from "../listen";

/** Headers a reverse proxy adds; behind one, the Host may be the proxy's rewrite, not the browser's. */
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip"];

/**
 * The address a request reached the console at, for the links its answer carries (upload and
 * file URLs, checkout and its return). The Host header is the client's to write, so it is never
 * taken as is: with PUBLIC_URL set every answer uses PUBLIC_URL; without it, a Host naming one of
 * the addresses the server listens on (loopback: localhost, 127.0.0.1, [::1], with its port) is
 * used, so a console opened at 127.0.0.1 talks to 127.0.0.1; any other Host gets the default
 * PUBLIC_URL. Mails sent from jobs have no request and keep config.publicUrl.
 */
export function createOrigins(config: Config) {
  const own = config.publicUrlGiven ? new Set<string>() : ownHosts(config.host, config.port);
  const publicHost = new URL(config.publicUrl).host.toLowerCase();

  function originFor(host: string | undefined): string {
    const name = host?.toLowerCase();
    return name && own.has(name) ? `http://${name}` : config.publicUrl;
  }

  /**
   * With PUBLIC_URL set, a console page asked for at another Host goes there (same path and
   * query), so the browser keeps one origin: one sign-in storage, one CSP 'self'. A request that
   * came through a proxy is left alone: the proxy may have rewritten the Host, and a redirect
   * would loop.
   */
  function redirectFor(request: Request): Response | null {
    if (!config.publicUrlGiven || (request.method !== "GET" && request.method !== "HEAD")) return null;
    if (PROXY_HEADERS.some((name) => request.headers.has(name))) return null;
    if ((request.headers.get("host") ?? "").toLowerCase() === publicHost) return null;
    const { pathname, search } = new URL(request.url);
    return new Response(null, { status: 308, headers: { location: `${config.publicUrl}${pathname}${search}`, "cache-control": "no-store" } });
  }

  return { originFor, redirectFor };
}

export type Origins = ReturnType<typeof createOrigins>;

/**
 * Host headers that name this server as it listens: the loopback names when it listens on
 * loopback (HOST unset, a loopback address or every interface), else HOST itself.
 */
function ownHosts(host: string | undefined, port: number): Set<string> {
  const names = new Set<string>();
  for (const address of listenAddresses(host)) {
    if (isLoopback(address) || address === "0.0.0.0" || address === "::") for (const name of ["localhost", "127.0.0.1", "[::1]"]) names.add(name);
    else names.add(isIP(address) === 6 ? `[${address.toLowerCase()}]` : address.toLowerCase());
  }
  // A browser leaves out the port it would use anyway.
  return new Set([...names].flatMap((name) => (port === 80 ? [`${name}:${port}`, name] : [`${name}:${port}`])));
}

function isLoopback(address: string) {
  return address === "localhost" || address === "::1" || address.startsWith("127.");
}
