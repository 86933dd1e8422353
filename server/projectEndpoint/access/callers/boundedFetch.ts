import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { isPublicAddress, PrivateAddressError, publicOnlyLookup } from "./publicAddress";

export interface BoundedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  headers?: HeadersInit;
  /** Unless given: a POST with a body (an imported project's GraphQL calls), a GET without; a flow's HTTP request step names its own. */
  method?: string;
  body?: string;
  /** Connect to loopback and private addresses too (a local issuer in tests or on a private network). */
  allowPrivateAddresses?: boolean;
}

/**
 * A request to an address a project named (its OIDC issuer, a flow's HTTP step), bounded in time and size: a slow or
 * huge answer fails instead of tying up the server or its memory. Redirects are not followed,
 * and unless allowed, only public addresses are connected to (publicAddress.ts) — checked on
 * the address the connection uses, after DNS resolution.
 */
export async function boundedFetch(url: string | URL, options: BoundedFetchOptions): Promise<Response> {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error(`${target.href} is not an http(s) address`);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // A literal IP is connected to without a lookup, so it is checked here.
  if (!options.allowPrivateAddresses && isIP(host) && !isPublicAddress(host)) throw new PrivateAddressError(host, host);

  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(target, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: Object.fromEntries(new Headers(options.headers).entries()),
      signal,
      ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end(options.body);
  });

  const tooLarge = () => new Error(`${target.href} answered more than ${options.maxBytes} bytes`);
  if (Number(response.headers["content-length"]) > options.maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > options.maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const status = response.statusCode ?? 502;
  const bodyless = [204, 205, 304].includes(status);
  return new Response(bodyless ? null : Buffer.concat(chunks), { status, headers });
}
