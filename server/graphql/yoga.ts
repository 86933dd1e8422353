import type { IncomingMessage, ServerResponse } from "node:http";
import { createYoga, maskError, type Plugin } from "graphql-yoga";
import { GraphQLError, type GraphQLSchema } from "graphql";
import type { Context } from "../graphqlKit/context";
import { MAX_BODY_BYTES, queryLimitPlugins } from "./limits";
import { answerBodyTooLarge, readBodyWithin } from "../http/body";
import { log } from "../log";
import { inputLimitsPlugin } from "../security/inputLimits";
import { inputShapePlugin, jsonTextShapeRefusal } from "../security/inputShape";
import { persistedOperationsPlugin } from "./persistedOperations";
import { PERSISTED_QUERIES_PATH } from "../paths";
import { responseBudgetPlugin } from "../graphqlKit/responseBudget";
import { refusalStatusPlugin } from "./refusalStatus";

/**
 * GraphQL over HTTP. Errors we raise on purpose (with extensions.code) pass through; anything
 * else is logged and masked so internals never reach the caller. The per-request Context is
 * handed in as yoga's server context, so it exists before validation (the limits tell signed-in
 * callers from anonymous ones) and is built once per request. A project endpoint passes the
 * schema as a function of that context: the version live when its request started, and the
 * console's operations compiled against schema.project.graphql. Every request, whatever its
 * shape, goes through yoga's HTTP layer, so a plugin that hooks HTTP (`extraPlugins`) sees all.
 */
export function createGraphqlHandler(
  schema: GraphQLSchema | ((context: Context) => GraphQLSchema),
  graphqlEndpoint = "/graphql",
  persistedQueriesPath = PERSISTED_QUERIES_PATH,
  extraPlugins: readonly Plugin<Context>[] = [],
) {
  // A schema per context is set when the operation is enveloped, which HTTP and graphql-ws share
  // (yoga's own factory option only works for HTTP requests).
  const schemaOfContext: Plugin<Context>[] =
    typeof schema === "function" ? [{ onEnveloped: ({ context, setSchema }) => setSchema(schema(context!)) }] : [];
  return createYoga<Context>({
    ...(typeof schema === "function" ? {} : { schema }),
    graphqlEndpoint,
    graphiql: false,
    landingPage: false,
    logging: false,
    // Yoga's own parse and validation cache (on by default) keeps each document's results.
    plugins: [...schemaOfContext, persistedOperationsPlugin(persistedQueriesPath), inputShapePlugin(), ...queryLimitPlugins(), inputLimitsPlugin(), responseBudgetPlugin(), refusalStatusPlugin(), ...extraPlugins],
    // serveGraphqlOverNode reads the body within MAX_BODY_BYTES first; yoga's own limit would
    // only stream the already read body through another web stream on every request.
    maxRequestBodySize: false,
    // CORS is the edge's decision (server/security/cors.ts), never yoga's permissive default.
    cors: false,
    maskedErrors: {
      maskError(error, message, isDev) {
        const original = (error as GraphQLError).originalError;
        if (original && !(original instanceof GraphQLError)) log.error("unexpected error in a resolver:", original);
        return maskError(error, message, isDev);
      },
    },
  });
}

export type GraphqlHandler = ReturnType<typeof createGraphqlHandler>;

/**
 * Serves yoga through its own Node adapter (no hand-made Fetch Request per call). The body is
 * read here, within MAX_BODY_BYTES, and handed over ready, so a too large one is a 413.
 * `contextFor` gives the request's context, or null when it has answered the request itself (a
 * project endpoint turning a caller away); `args` are passed on to it (a project endpoint's api id).
 */
export function serveGraphqlOverNode<Args extends unknown[] = []>(
  yoga: GraphqlHandler,
  contextFor: (req: IncomingMessage, res: ServerResponse, ...args: Args) => Promise<Context | null>,
) {
  return async (req: IncomingMessage, res: ServerResponse, ...args: Args) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Read before any other await: the request stream would otherwise start flowing unread.
      const body = await readBodyWithin(req, MAX_BODY_BYTES);
      if (!body) return answerBodyTooLarge(req, res, MAX_BODY_BYTES);
      const shapeRefusal = isJson(req) ? jsonTextShapeRefusal(body, 1) : null;
      if (shapeRefusal) return answerRefusal(res, shapeRefusal);
      const context = await contextFor(req, res, ...args);
      if (!context) return;
      // @whatwg-node/server takes an already read body from `req.body`. A Buffer, not a string:
      // it calls Object.keys on the body, which for a string lists every character.
      (req as IncomingMessage & { body?: Buffer }).body = body;
      return await yoga(req, res, context);
    }
    const context = await contextFor(req, res, ...args);
    if (context) await yoga(req, res, context);
  };
}

function isJson(req: IncomingMessage) {
  return /^application\/(.+\+)?json\b/i.test(req.headers["content-type"] ?? "");
}

/** A refusal answered before yoga parses the body: 400 in GraphQL's error shape. */
function answerRefusal(res: ServerResponse, error: GraphQLError) {
  const body = JSON.stringify({ errors: [{ message: error.message, extensions: { ...error.extensions, http: undefined } }] });
  res.writeHead(400, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}
