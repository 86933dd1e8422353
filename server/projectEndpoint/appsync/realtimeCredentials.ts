import type { IncomingMessage } from "node:http";

/** The subprotocol AppSync's realtime clients speak; the authorization travels beside it. */
export const REALTIME_PROTOCOL = "graphql-ws";
const HEADER_PROTOCOL_PREFIX = "header-";

export interface RealtimeCredentials {
  apiKey?: string;
  authorization?: string;
}

/**
 * The credentials an AppSync realtime client sends: a JSON object of headers (`{host,
 * x-api-key}` or `{Authorization, host}`), base64url as the subprotocol `header-…` (Amplify 6)
 * or base64 in `?header=` (older clients). Null when there is none or it cannot be read.
 */
export function connectionCredentials(request: IncomingMessage): RealtimeCredentials | null {
  const offered = (request.headers["sec-websocket-protocol"] ?? "").split(",").map((protocol) => protocol.trim());
  const fromProtocol = offered.find((protocol) => protocol.startsWith(HEADER_PROTOCOL_PREFIX));
  const encoded = fromProtocol?.slice(HEADER_PROTOCOL_PREFIX.length) ?? new URL(request.url ?? "/", "http://realtime").searchParams.get("header");
  if (!encoded) return null;
  // Node reads base64 and base64url alike, with or without padding.
  return credentialsOf(parseJson(Buffer.from(encoded, "base64").toString("utf8")));
}

/** The credentials of a headers object (a start's `extensions.authorization`); null without any. */
export function credentialsOf(headers: unknown): RealtimeCredentials | null {
  if (!headers || typeof headers !== "object" || Array.isArray(headers)) return null;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const fields = headers as Record<string, unknown>;
  const apiKey = text(fields["x-api-key"]) ?? text(fields["X-Api-Key"]);
  const authorization = text(fields.Authorization) ?? text(fields.authorization);
  return apiKey || authorization ? { apiKey, authorization } : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
