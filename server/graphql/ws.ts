import type { Server } from "node:http";
import { WebSocketServer } from "ws";
import { useServer } from "graphql-ws/use/ws";
import type { YogaServerInstance } from "graphql-yoga";
import type { Context } from "./context";

/**
 * graphql-ws on the same path as HTTP GraphQL. Auth travels in the connection params
 * ({ Authorization, "x-org" }) because browsers cannot set headers on a WebSocket.
 */
export function attachSubscriptions(
  server: Server,
  yoga: YogaServerInstance<Record<string, unknown>, Context>,
  context: (params: Record<string, unknown>) => Promise<Context>,
) {
  const wss = new WebSocketServer({ server, path: "/graphql" });
  useServer(
    {
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ ...ctx, req: ctx.extra.request });
        const args = {
          schema,
          operationName: payload.operationName,
          document: parse(payload.query),
          variableValues: payload.variables,
          contextValue: await context((ctx.connectionParams ?? {}) as Record<string, unknown>),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        return args;
      },
    },
    wss,
  );
  return wss;
}
