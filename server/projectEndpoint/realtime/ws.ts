import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { useServer } from "graphql-ws/use/ws";
import type { FormattedExecutionResult } from "graphql";
import { refuse } from "../../graphqlKit/errors";
import { openCursor, resumeLost, withSequence } from "../../changes/resume";
import { resyncRefusal } from "../../changes/resync";
import { envelopedOperation, graphqlWebSocketServer } from "../../graphql/ws";
import type { ProjectEndpoint } from "../endpoint";
import { projectApiIdOf } from "../endpoint";
import type { ProjectSocketWatch } from "./socketWatch";

/**
 * graphql-ws on /p/<apiId>/graphql, for the per-table subscriptions. Browsers cannot set
 * headers on a WebSocket, so the credentials travel in the connection params
 * ({ "x-api-key" } or { Authorization }, and `lastSequence` to resume after a reconnect); the
 * caller is checked as on HTTP, and the socket closes
 * when that credential is revoked or expires (socketWatch.ts).
 */
export function attachProjectSubscriptions(endpoint: ProjectEndpoint, sockets: ProjectSocketWatch) {
  const wss = graphqlWebSocketServer();
  useServer(
    {
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const apiId = projectApiIdOf(ctx.extra.request.url) ?? "";
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
        const since = sockets.mark();
        const contextValue = await endpoint.projectContext(apiId, {
          apiKey: text(params["x-api-key"]),
          authorization: text(params.Authorization) ?? text(params.authorization),
          host: ctx.extra.request.headers.host,
        });
        if ("status" in contextValue) {
          return [refuse(contextValue.code, contextValue.messageId, contextValue.message)];
        }
        openCursor(contextValue, params);
        if (await resumeLost(contextValue, contextValue.db)) return resyncRefusal(ctx.extra.socket);
        const args = envelopedOperation(endpoint.yoga, { ...ctx, req: ctx.extra.request }, payload, contextValue);
        if (!Array.isArray(args)) sockets.watch(ctx.extra.socket, contextValue.project.credential, since);
        return args;
      },
      // A credential that expired gets no more events: the socket closes before this one is sent.
      onNext: (ctx, _id, _payload, args, result) => {
        if (sockets.ended(ctx.extra.socket)) throw new Error("Credential ended");
        return withSequence(args.contextValue, result as FormattedExecutionResult);
      },
    },
    wss,
  );
  return {
    wss,
    /** Takes the upgrade when it is for a project endpoint; false leaves it to the platform's. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      if (!projectApiIdOf(request.url)) return false;
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
      return true;
    },
  };
}
