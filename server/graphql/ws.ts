import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import WebSocket, { WebSocketServer } from "ws";
import { useServer } from "graphql-ws/use/ws";
import type { DocumentNode, FormattedExecutionResult, GraphQLError } from "graphql";
import { openCursor, resumeLost, withSequence } from "../changes/resume";
import { resyncRefusal } from "../changes/resync";
import type { Context } from "../graphqlKit/context";
import type { createSessionWatch } from "./sessionWatch";
import type { GraphqlHandler } from "./yoga";
import { MAX_BODY_BYTES } from "./limits";
import { jsonTextShapeRefusal } from "../security/inputShape";

/**
 * graphql-ws on the same path as HTTP GraphQL; the router hands it the upgrades of that path.
 * Auth travels in the connection params ({ Authorization, "x-org" }) because browsers cannot set
 * headers on a WebSocket; so does `lastSequence`, the last `extensions.sequence` a reconnecting
 * client received, from which its subscriptions resume.
 */
export function createSubscriptions(
  yoga: GraphqlHandler,
  context: (params: Record<string, unknown>, request: IncomingMessage) => Promise<Context>,
  sessions: ReturnType<typeof createSessionWatch>,
) {
  const wss = graphqlWebSocketServer();
  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  useServer(
    {
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const contextValue = await context(params, ctx.extra.request);
        // A reconnecting client names the last change it saw and is sent what it missed (server/changes).
        openCursor(contextValue, params);
        if (await resumeLost(contextValue, contextValue.db)) return resyncRefusal(ctx.extra.socket);
        // The caller is known before validation, as on HTTP, so the query limits see who asks.
        const args = envelopedOperation(yoga, { ...ctx, req: ctx.extra.request }, payload, contextValue);
        if (Array.isArray(args)) return args;
        const session = args.contextValue.viewer?.session;
        if (session) sessions.watch(ctx.extra.socket, session);
        return args;
      },
      // An expired token gets no more events: the socket closes before this one is sent.
      onNext: (ctx, _id, _payload, args, result) => {
        if (sessions.ended(ctx.extra.socket)) throw new Error("Session ended");
        return withSequence(args.contextValue, result as FormattedExecutionResult);
      },
    },
    wss,
  );
  return { wss, handleUpgrade };
}

/**
 * Yoga's envelope (the plugins: persisted operations, limits) around one subscribe message:
 * what graphql-ws executes (execute/subscribe travel in rootValue), or the validation errors.
 */
export function envelopedOperation<C extends object>(
  yoga: GraphqlHandler,
  serverContext: object,
  payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  contextValue: C,
) {
  const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ ...serverContext, ...contextValue });
  let document: DocumentNode;
  try {
    document = parse(payload.query);
  } catch (error) {
    // A syntax error or a refused document (the limits refuse while parsing) is the caller's error.
    // By name: yoga may load graphql's other module format, whose GraphQLError is another class.
    if (error instanceof Error && error.name === "GraphQLError") return [error as GraphQLError];
    throw error;
  }
  const args = {
    schema,
    operationName: payload.operationName,
    document,
    variableValues: payload.variables,
    contextValue,
    rootValue: { execute, subscribe },
  };
  const errors = validate(args.schema, args.document);
  return errors.length ? errors : args;
}

/**
 * A message whose variables nest deeper or hold more than the input limits allow closes the
 * socket before graphql-ws parses it (parsing such a message takes long); "Bad request", as
 * graphql-ws closes for a message it cannot read. The message and its payload hold the variables.
 */
class ShallowMessagesWebSocket extends WebSocket {
  emit(event: string | symbol, ...args: unknown[]): boolean {
    const refusal = event === "message" ? jsonTextShapeRefusal(args[0] as Buffer, 2) : null;
    if (refusal) {
      this.close(4400, refusal.message.slice(0, 120));
      return true;
    }
    return super.emit(event, ...args);
  }
}

/** A WebSocket server for graphql-ws: messages at most as large as an HTTP request body, and not deeply nested. */
export function graphqlWebSocketServer() {
  // noServer: upgrades are routed here by path, and a failed listen() stays the HTTP server's
  // own error instead of being re-emitted by the WebSocket server.
  return new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES, WebSocket: ShallowMessagesWebSocket });
}
