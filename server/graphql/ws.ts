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
  context: (params: Record<string, unknown>) => Promise<Context>,
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
        const contextValue = await context((ctx.connectionParams ?? {}) as Record<string, unknown>);
        // The caller is known before validation, as on HTTP, so the query limits see who asks.
        const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ ...ctx, ...contextValue, req: ctx.extra.request });
        const args = {
          schema,
          operationName: payload.operationName,
          document: parse(payload.query),
          variableValues: payload.variables,
          contextValue,
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
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
