import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** The peer address of each request, kept beside it: a fetch Request has no socket. */
const sourceAddresses = new WeakMap<Request, string>();

/** Where a request came from: the TCP peer, or the client a trusted proxy names (server/http/sourceAddress.ts). */
export function sourceAddressOf(request: Request): string {
  return sourceAddresses.get(request) ?? "unknown";
}

/** Turns a Node request into a fetch Request, so handlers are plain `(Request) => Response`. */
export function toFetchRequest(req: IncomingMessage, base: string, sourceAddress = req.socket.remoteAddress ?? "unknown"): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(new URL(req.url ?? "/", base), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // Node's fetch needs this for streamed request bodies.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
  sourceAddresses.set(request, sourceAddress);
  return request;
}

export async function sendFetchResponse(res: ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body) return res.end();
  const body = Buffer.from(await response.arrayBuffer());
  res.end(body);
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { "content-type": "application/json; charset=utf-8", ...(init.headers ?? {}) },
  });
}
