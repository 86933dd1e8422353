import { boundedFetch } from "../projectEndpoint/access/callers/boundedFetch";
import { PrivateAddressError } from "../projectEndpoint/access/callers/publicAddress";
import type { HttpMethod } from "../../src/domain/flows/types";

export interface HttpStepRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface HttpStepBounds {
  timeoutMs: number;
  maxBytes: number;
  /** FLOWS_ALLOW_PRIVATE_ADDRESSES: a service on the deployer's own network may be called. */
  allowPrivateAddresses: boolean;
}

/** Why the step failed, in words the run shows. */
export class HttpStepError extends Error {}

const NO_BODY = new Set<HttpMethod>(["GET", "DELETE"]);

/**
 * A flow's HTTP request: the address is a member's choice, so it goes through the same guard as a
 * project's OIDC issuer (public addresses only, checked after DNS, no redirects followed), within
 * a time and size bound. An answer of 400 and up fails the step, as a caller would expect.
 */
export async function sendHttpStep(request: HttpStepRequest, bounds: HttpStepBounds) {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new HttpStepError(`"${request.url}" is not an address.`);
  }
  const body = NO_BODY.has(request.method) || !request.body ? undefined : request.body;
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);
  } catch (error) {
    throw new HttpStepError(`A header is not valid: ${(error as Error).message}`);
  }
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", body.trimStart().startsWith("{") || body.trimStart().startsWith("[") ? "application/json" : "text/plain; charset=utf-8");
  let response: Response;
  try {
    response = await boundedFetch(url, { method: request.method, headers, body, timeoutMs: bounds.timeoutMs, maxBytes: bounds.maxBytes, allowPrivateAddresses: bounds.allowPrivateAddresses });
  } catch (error) {
    if (error instanceof PrivateAddressError) throw new HttpStepError(`Refused: ${error.message} (flows call public addresses only).`);
    const reason = error instanceof Error ? (error.name === "AbortError" || error.name === "TimeoutError" ? `no answer within ${bounds.timeoutMs} ms` : error.message) : String(error);
    throw new HttpStepError(`${request.method} ${url.href} failed: ${reason}`);
  }
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // kept as text
    }
  }
  if (response.status >= 400) throw new HttpStepError(`${request.method} ${url.href} answered ${response.status}: ${text.slice(0, 200)}`);
  return { status: response.status, body: parsed };
}
