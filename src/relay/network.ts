import {
  Network,
  Observable,
  type FetchFunction,
  type GraphQLResponse,
  type RequestParameters,
  type SubscribeFunction,
  type Variables,
} from "relay-runtime";
import { ApiError, requestFailed } from "./errors";
import { createResumePoint, type ResumePoint } from "./resumePoint";
import { resyncNeeded } from "./resync";
import { relayProjectOf, wrongEnvironment, type RelayProject } from "./relayProject";

export interface EndpointAuth {
  /** The access token for the next request; undefined when signed out. */
  token(): Promise<string | undefined>;
  /** Called after a 401: a fresh token, or undefined when the session cannot be renewed. */
  refresh(): Promise<string | undefined>;
  /** The selected org, sent as base64("org#<id>"). */
  orgId(): string | undefined;
  /** Used when there is no token (a project's API key). */
  apiKey?(): string | undefined;
  /** The 401 could not be fixed by a refresh. */
  onSessionExpired(): void;
}

export const ORG_HEADER = "x-org";

export function orgHeaderValue(orgId: string) {
  return btoa(`org#${orgId}`);
}

/**
 * One network for one GraphQL endpoint: the platform's, or a project's own. Given the Relay
 * project it serves, it refuses the other project's operations before sending them, so a query
 * run in the wrong environment fails loudly instead of asking the wrong endpoint.
 */
export function createNetwork(endpoint: string, auth: EndpointAuth, project?: RelayProject) {
  const refused = (params: RequestParameters) => (project && relayProjectOf(params.name) !== project ? wrongEnvironment(params.name, project) : null);
  const headersFor = (token: string | undefined): Record<string, string> => {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (token) headers.authorization = token;
    else {
      const apiKey = auth.apiKey?.();
      if (apiKey) headers["x-api-key"] = apiKey;
    }
    const orgId = auth.orgId();
    if (orgId) headers[ORG_HEADER] = orgHeaderValue(orgId);
    return headers;
  };

  const fetchFn: FetchFunction = async (params, variables) => {
    const wrong = refused(params);
    if (wrong) throw wrong;
    const body = JSON.stringify(requestBody(params, variables));
    const send = async (token: string | undefined) => {
      try {
        return await fetch(endpoint, { method: "POST", headers: headersFor(token), body });
      } catch {
        throw requestFailed();
      }
    };
    let response = await send(await auth.token());
    if (response.status === 401) {
      const fresh = await auth.refresh();
      if (fresh) response = await send(fresh);
      if (response.status === 401) auth.onSessionExpired();
    }
    const json = (await response.json().catch(() => null)) as GraphQLResponse & {
      data?: unknown;
      errors?: { message: string; extensions?: { messageId?: string; code?: string } & Record<string, unknown> }[];
    };
    if (!json) throw requestFailed();
    const [first] = json.errors ?? [];
    // A query's answer with data and errors is passed on whole, so Relay renders what resolved
    // (the failed fields are null); a mutation's error is the caller's answer (spec §8).
    const partial = json.data != null && params.operationKind === "query";
    if (first && !partial) throw new ApiError(first.message, first.extensions?.messageId, first.extensions?.code, messageValues(first.extensions));
    if (!response.ok && json.data == null) throw requestFailed();
    if (json.data == null) throw new ApiError("data missing in response", "error_field_missing", "MISSING_FIELD", { field: "data" });
    return json;
  };

  const subscribeFn: SubscribeFunction = (params, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      const wrong = refused(params);
      if (wrong) return sink.error(wrong);
      let dispose: (() => void) | undefined;
      let cancelled = false;
      void subscriptionClient(endpoint, auth).then((client) => {
        if (cancelled) return;
        const resume = resumePointOf(endpoint);
        dispose = client.subscribe(
          { operationName: params.name, query: params.text ?? "", variables },
          {
            next: (value) => {
              resume.heard(value);
              const [first] = (value.errors ?? []) as { message: string; extensions?: { messageId?: string } }[];
              if (first) sink.error(new ApiError(first.message, first.extensions?.messageId));
              else sink.next(value as GraphQLResponse);
            },
            error: (error) => sink.error(toWebSocketError(error)),
            complete: () => sink.complete(),
          },
        );
      });
      return () => {
        cancelled = true;
        dispose?.();
      };
    });

  return Network.create(fetchFn, subscribeFn);
}

/**
 * The console's own operations go by the id Relay's compiler gave them (persisted-queries.json,
 * which the server reads), in the persisted-query extension's shape, so the server neither
 * receives nor parses their text. Only compiled platform operations have an id.
 */
function requestBody(params: RequestParameters, variables: Variables) {
  if (params.id) {
    return { operationName: params.name, variables, extensions: { persistedQuery: { version: 1, sha256Hash: params.id } } };
  }
  return { operationName: params.name, query: params.text, variables };
}

/**
 * The values a refusal's message is filled with: `refuse(code, messageId, text, { field })`
 * sends them beside code and messageId in the extensions (older answers under `values`).
 */
function messageValues(extensions: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!extensions) return undefined;
  const { code: _code, messageId: _messageId, values, http: _http, ...rest } = extensions;
  const picked = Object.entries({ ...rest, ...(values as Record<string, unknown> | undefined) }).filter(([, value]) => typeof value === "string" || typeof value === "number");
  return picked.length ? Object.fromEntries(picked.map(([key, value]) => [key, String(value)])) : undefined;
}

/** 'WebSocket error', or the first message of a connection_error (spec §8). */
function toWebSocketError(error: unknown) {
  if (Array.isArray(error) && error[0]?.message) return new ApiError(error[0].message);
  return new ApiError("WebSocket error", "error_websocket");
}

type WsClient = import("graphql-ws").Client;
const clients = new Map<string, Promise<WsClient>>();
const resumePoints = new Map<string, ResumePoint>();

function resumePointOf(endpoint: string): ResumePoint {
  let point = resumePoints.get(endpoint);
  if (!point) resumePoints.set(endpoint, (point = createResumePoint()));
  return point;
}

/** graphql-ws loads with the first subscription, so the sign-in page stays small. */
function subscriptionClient(endpoint: string, auth: EndpointAuth): Promise<WsClient> {
  let client = clients.get(endpoint);
  if (!client) {
    client = import("graphql-ws").then(({ createClient }) => {
      const url = new URL(endpoint, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      return createClient({
        url: url.toString(),
        lazy: true,
        retryAttempts: 5,
        // 4401: the server ended the socket because the sign-in was revoked; the refresh fails
        // and signs out (session/tokens.ts).
        // After a broken connection the subscriptions resume where they were (resumePoint.ts).
        on: {
          closed: (event) => {
            const { code } = event as CloseEvent;
            resumePointOf(endpoint).closed(code);
            if (code === 4401) void auth.refresh();
          },
          // After a resync close the subscriptions start from now: what they missed is loaded again.
          connected: () => {
            if (resumePointOf(endpoint).connected()) resyncNeeded();
          },
        },
        connectionParams: async () => {
          const token = await auth.token();
          const orgId = auth.orgId();
          return {
            ...(token ? { Authorization: token } : {}),
            ...(orgId ? { [ORG_HEADER]: orgHeaderValue(orgId) } : {}),
            ...resumePointOf(endpoint).params(),
          };
        },
      });
    });
    clients.set(endpoint, client);
  }
  return client;
}

/** Sign-out closes sockets, so the next subscription authenticates as the next user. */
export async function closeSubscriptions() {
  const all = [...clients.values()];
  clients.clear();
  resumePoints.clear();
  for (const client of all) (await client).dispose();
}
