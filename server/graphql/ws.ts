import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { useServer } from "graphql-ws/use/ws";
import type { Context } from "./context";
import type { createSessionWatch } from "./sessionWatch";
import type { GraphqlHandler } from "./yoga";

/**
 * graphql-ws on the same path as HTTP GraphQL. Auth travels in the connection params
 * ({ Authorization, "x-org" }) because browsers cannot set headers on a WebSocket.
 */
export function attachSubscriptions(
  server: Server,
  yoga: GraphqlHandler,
  context: (params: Record<string, unknown>, request: IncomingMessage) => Promise<Context>,
  sessions: ReturnType<typeof createSessionWatch>,
  /** Another WebSocket endpoint on this server (the project APIs); true when it took the upgrade. */
  otherUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean = () => false,
) {
  // noServer: upgrades are routed here by path, and a failed listen() stays the HTTP server's
  // own error instead of being re-emitted by the WebSocket server.
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (request, socket, head) => {
    if (otherUpgrade(request, socket, head)) return;
    if (new URL(request.url ?? "/", "http://localhost").pathname !== "/graphql") return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  });
  useServer(
    {
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const contextValue = await context((ctx.connectionParams ?? {}) as Record<string, unknown>, ctx.extra.request);
        // The caller is known before validation, as on HTTP, so the query limits see who asks.
        const args = envelopedOperation(yoga, { ...ctx, req: ctx.extra.request }, payload, contextValue);
        if (Array.isArray(args)) return args;
        const session = args.contextValue.viewer?.session;
        if (session) sessions.watch(ctx.extra.socket, session);
        return args;
      },
      // An expired token gets no more events: the socket closes before this one is sent.
      onNext: (ctx) => {
        if (sessions.ended(ctx.extra.socket)) throw new Error("Session ended");
      },
    },
    wss,
  );
  return wss;
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
  const args = {
    schema,
    operationName: payload.operationName,
    document: parse(payload.query),
    variableValues: payload.variables,
    contextValue,
    rootValue: { execute, subscribe },
  };
  const errors = validate(args.schema, args.document);
  return errors.length ? errors : args;
}
