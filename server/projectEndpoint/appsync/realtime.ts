import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { getOperationAST, type ExecutionResult } from "graphql";
import { envelopedOperation } from "../../graphql/ws";
import { MAX_BODY_BYTES } from "../../graphql/limits";
import { jsonTextShapeRefusal } from "../../security/inputShape";
import { log } from "../../log";
import type { ProjectEndpoint } from "../endpoint";
import { refusalErrorType } from "../endpoint";
import type { ProjectSocketWatch } from "../realtime/socketWatch";
import { openCursor, RESYNC_CLOSE_REASON, resumeLost, withSequence } from "../../changes/resume";
import { withErrorType } from "./errorTypes";
import { connectionCredentials, credentialsOf, REALTIME_PROTOCOL, type RealtimeCredentials } from "./realtimeCredentials";

/** What the client is told: it counts a connection lost after this long without a message. */
export const CONNECTION_TIMEOUT_MS = 300_000;
/** A socket that has not sent connection_init by then is closed (Amplify itself waits as long for the ack). */
const CONNECTION_INIT_WAIT_MS = 15_000;
/** Operation ids are the client's UUIDs; a longer one is not kept. */
const MAX_OPERATION_ID_LENGTH = 128;
/** How many objects enclose the variables of a start message (message, payload, extensions, authorization). */
const START_MESSAGE_DEPTH = 3;

export interface RealtimeLimits {
  /** How often an open connection hears `ka`. */
  keepAliveMs: number;
  /** Subscriptions one socket holds at once. */
  subscriptionsPerSocket: number;
}

type AppsyncError = { errorType: string; message: string; errorCode?: number };

interface Operation {
  stopped: boolean;
  iterator: AsyncIterator<ExecutionResult> | null;
}

/**
 * AppSync's own realtime protocol on /p/<apiId>/graphql/realtime, which Amplify derives from a
 * GraphQL endpoint that is not AWS's: connection_init → connection_ack and `ka` every while,
 * `start` → start_ack and `data` per event, `stop` → complete. Each start is authorized and
 * executed as a graphql-ws subscription is (the caller, the table rules, the query limits), with
 * the credentials of its own `extensions.authorization` or else the connection's. Each event names
 * its change-log sequence in `extensions.sequence`; a start with `lastSequence` resumes after it.
 */
export function attachAppsyncRealtime(endpoint: ProjectEndpoint, sockets: ProjectSocketWatch, limits: RealtimeLimits) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_BODY_BYTES,
    // The credentials travel as a second subprotocol; the one selected is the protocol's.
    handleProtocols: (protocols) => (protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false),
  });

  function serve(ws: WebSocket, request: IncomingMessage, apiId: string) {
    const credentials = connectionCredentials(request);
    const operations = new Map<string, Operation>();
    let state: "new" | "checking" | "ready" = "new";
    let keepAlive: NodeJS.Timeout | undefined;
    const initWait = setTimeout(() => state === "new" && ws.close(4408, "Connection initialisation timeout"), CONNECTION_INIT_WAIT_MS);
    const send = (message: object) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const refuseStart = (id: string | undefined, errors: AppsyncError[] | Record<string, unknown>[]) => send({ type: "error", ...(id ? { id } : {}), payload: { errors } });
    // Without credentials the endpoint answers as on HTTP: unauthenticated.
    const contextFor = (given: RealtimeCredentials | null) => endpoint.projectContext(apiId, { ...given, host: request.headers.host });

    async function init() {
      if (state !== "new") return;
      state = "checking";
      clearTimeout(initWait);
      const context = await contextFor(credentials);
      if ("status" in context) {
        send({ type: "connection_error", payload: { errors: [{ errorType: refusalErrorType(context), message: context.message, errorCode: context.status }] } });
        return void ws.close(1000, "Unauthorized");
      }
      state = "ready";
      send({ type: "connection_ack", payload: { connectionTimeoutMs: CONNECTION_TIMEOUT_MS } });
      send({ type: "ka" });
      keepAlive = setInterval(() => send({ type: "ka" }), limits.keepAliveMs);
    }

    async function start(id: string, payload: unknown) {
      const given = payload && typeof payload === "object" ? (payload as { data?: unknown; lastSequence?: unknown; extensions?: { authorization?: unknown } }) : {};
      const request_ = readRequest(given.data);
      if ("error" in request_) return refuseStart(id, [request_.error]);
      if (operations.has(id)) return refuseStart(id, [{ errorType: "BadRequestException", message: `Subscriber for ${id} already exists.` }]);
      if (operations.size >= limits.subscriptionsPerSocket) {
        return refuseStart(id, [{ errorType: "LimitExceededException", message: `A connection holds at most ${limits.subscriptionsPerSocket} subscriptions.` }]);
      }
      const operation: Operation = { stopped: false, iterator: null };
      operations.set(id, operation);
      // A stop may have come meanwhile, and a new start with the same id after it: only this one is removed.
      const release = () => operations.get(id) === operation && operations.delete(id);
      const refuse = (errors: AppsyncError[] | Record<string, unknown>[]) => {
        release();
        if (!operation.stopped) refuseStart(id, errors);
      };
      const since = sockets.mark();
      const context = await contextFor(credentialsOf(given.extensions?.authorization) ?? credentials);
      if ("status" in context) return refuse([{ errorType: refusalErrorType(context), message: context.message, errorCode: context.status }]);
      // A reconnecting client names the last event it saw: what it missed is replayed first.
      openCursor(context, { lastSequence: given.lastSequence });
      // Per start on this wire: the client starts again without lastSequence after reloading its data.
      if (await resumeLost(context, context.db)) return refuse([{ errorType: "ResyncRequiredException", message: RESYNC_CLOSE_REASON }]);
      const args = envelopedOperation(endpoint.yoga, { req: request }, request_, context);
      if (Array.isArray(args)) return refuse(args.map(withErrorType));
      if (getOperationAST(args.document, args.operationName)?.operation !== "subscription") {
        return refuse([{ errorType: "BadRequestException", message: "The realtime endpoint takes subscriptions only; send queries and mutations over HTTP." }]);
      }
      const result = (await args.rootValue.subscribe(args)) as AsyncIterable<ExecutionResult> | ExecutionResult;
      if (!(Symbol.asyncIterator in result)) return refuse((result.errors ?? []).map(withErrorType));
      const iterator = result[Symbol.asyncIterator]();
      if (operation.stopped || ws.readyState !== ws.OPEN) return void iterator.return?.();
      operation.iterator = iterator;
      sockets.watch(ws, context.project.credential, since);
      send({ type: "start_ack", id });
      for (;;) {
        const next = await iterator.next();
        // A credential that ended gets no more events: the socket closes before this one is sent.
        if (next.done || operation.stopped || sockets.ended(ws)) break;
        const event = dataPayload(next.value);
        send({ type: "data", id, payload: withSequence(args.contextValue, event) ?? event });
      }
      if (!operation.stopped && release()) send({ type: "complete", id });
    }

    function stop(id: string) {
      const operation = operations.get(id);
      operations.delete(id);
      if (operation) {
        operation.stopped = true;
        void operation.iterator?.return?.();
      }
      send({ type: "complete", id });
    }

    function receive(raw: RawData, isBinary: boolean) {
      const bytes = Buffer.isBuffer(raw) ? raw : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]);
      // A message whose variables nest too deep or hold too many values is refused before it is parsed.
      const shapeRefusal = isBinary ? null : jsonTextShapeRefusal(bytes, START_MESSAGE_DEPTH);
      if (isBinary || shapeRefusal) return void ws.close(4400, (shapeRefusal?.message ?? "Text messages only").slice(0, 120));
      const message = parseObject(bytes.toString("utf8"));
      if (!message) return refuseStart(undefined, [{ errorType: "BadRequestException", message: "Messages are JSON objects." }]);
      const { type, id } = message;
      if (type === "connection_init") return void init().catch(failed);
      if (type !== "start" && type !== "stop") return refuseStart(undefined, [{ errorType: "UnsupportedOperation", message: `Unknown message type: ${String(type).slice(0, 40)}` }]);
      if (typeof id !== "string" || id === "" || id.length > MAX_OPERATION_ID_LENGTH) {
        return refuseStart(undefined, [{ errorType: "BadRequestException", message: `An operation id is a text of 1 to ${MAX_OPERATION_ID_LENGTH} characters.` }]);
      }
      if (state !== "ready") return refuseStart(id, [{ errorType: "BadRequestException", message: "Send connection_init and wait for connection_ack first." }]);
      if (type === "stop") return stop(id);
      void start(id, message.payload).catch(failed);
    }

    function failed(error: unknown) {
      log.error("AppSync realtime connection failed:", error);
      ws.close(1011, "Internal error");
    }

    ws.on("message", receive);
    ws.on("close", () => {
      clearTimeout(initWait);
      clearInterval(keepAlive);
      for (const operation of operations.values()) {
        operation.stopped = true;
        void operation.iterator?.return?.();
      }
      operations.clear();
    });
  }

  return {
    wss,
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, apiId: string) {
      wss.handleUpgrade(request, socket, head, (ws) => serve(ws, request, apiId));
    },
  };
}

/** The GraphQL request of a start: `data` is the JSON text of `{query, variables}`. */
function readRequest(data: unknown): { query: string; variables?: Record<string, unknown>; operationName?: string } | { error: AppsyncError } {
  const bad = (message: string) => ({ error: { errorType: "BadRequestException", message } });
  if (typeof data !== "string") return bad("A start's payload.data is the JSON text of {query, variables}.");
  const shapeRefusal = jsonTextShapeRefusal(Buffer.from(data), 1);
  if (shapeRefusal) return bad(shapeRefusal.message);
  const request = parseObject(data);
  if (!request || typeof request.query !== "string") return bad("A start's payload.data is the JSON text of {query, variables}.");
  const variables = request.variables && typeof request.variables === "object" && !Array.isArray(request.variables) ? (request.variables as Record<string, unknown>) : undefined;
  const operationName = typeof request.operationName === "string" ? request.operationName : undefined;
  return { query: request.query, variables, operationName };
}

/** An event as AppSync sends it: the selected fields, and errors with their errorType. */
function dataPayload(result: ExecutionResult): { data: unknown; errors?: unknown[]; extensions?: Record<string, unknown> } {
  return { data: result.data ?? null, ...(result.errors?.length ? { errors: result.errors.map(withErrorType) } : {}) };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
