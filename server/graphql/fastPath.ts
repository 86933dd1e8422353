import type { IncomingMessage, ServerResponse } from "node:http";
import { getOperationAST, type DocumentNode, type ExecutionResult, type GraphQLSchema } from "graphql";
import { processRegularResult } from "graphql-yoga";
import { LRUCache } from "lru-cache";
import type { GraphqlHandler } from "./yoga";
import { signedIn } from "./limits";

/**
 * The common GraphQL request — a POST of JSON asking for JSON, a query or mutation by persisted
 * id or by text — answered without yoga's HTTP layer (issue 15: its Fetch Request, Headers and
 * Response objects per call were a good part of the request's CPU and garbage). What it runs is
 * yoga's own: the document is parsed and validated once by yoga's envelope (with the query
 * limits and the anonymous caller's rules) and remembered per schema and caller kind, execution
 * goes through the same envelope (cost and input limits, masked errors), and the answer is what
 * yoga's result processor makes of it. Anything else, and every document that fails parsing or
 * validation, is left to yoga (`false`), which answers it as before.
 */
export function createGraphqlFastPath(yoga: GraphqlHandler, persistedDocument: (id: string) => DocumentNode | null) {
  // One bound for every schema a handler serves: a project endpoint serves a schema per project
  // and version, and a cache per schema would let many projects hold many times the bound.
  // Bounded by the text it keeps: a query may be up to MAX_BODY_BYTES long.
  const validated = new LRUCache<string, DocumentNode>({ max: 1000, maxSize: 4_000_000, sizeCalculation: (_document, key) => key.length });
  const schemaKey = schemaKeys();

  return async function answered(req: IncomingMessage, res: ServerResponse, body: Buffer, context: object): Promise<boolean> {
    if (!acceptsJson(req) || !sendsJson(req)) return false;
    const params = requestParams(body);
    if (!params) return false;
    const enveloped = yoga.getEnveloped(context);
    // What validation lets through differs for anonymous callers (no introspection, no suggestions).
    // A new schema object (a project's republished version) gets a new key, so a document
    // validated against an earlier version is never taken for the current one.
    const caller = signedIn(context) ? "known" : "anonymous";
    const key = `${schemaKey(enveloped.schema)}:${caller}:${params.persistedId !== undefined ? `id:${params.persistedId}` : `query:${params.query}`}`;
    let document = validated.get(key);
    if (!document) {
      // A refusal (the limits throw theirs) is yoga's to answer, in its own shape.
      try {
        document = params.persistedId !== undefined ? persistedDocument(params.persistedId) : enveloped.parse(params.query!);
        if (!document || enveloped.validate(enveloped.schema, document).length) return false;
      } catch (error) {
        markParseFailure(error);
        return false;
      }
      validated.set(key, document);
    }
    const operation = getOperationAST(document, params.operationName);
    if (!operation || operation.operation === "subscription") return false;
    const result = (await enveloped.execute({
      schema: enveloped.schema,
      document,
      contextValue: context,
      variableValues: params.variables,
      operationName: params.operationName,
    })) as ExecutionResult;
    send(res, processRegularResult(result, { Response: CapturedResponse } as never, "application/json") as unknown as CapturedResponse);
    return true;
  };
}

/** A number per schema object, never reused while the process runs. */
function schemaKeys() {
  const keys = new WeakMap<GraphQLSchema, number>();
  let next = 0;
  return (schema: GraphQLSchema) => {
    let key = keys.get(schema);
    if (key === undefined) keys.set(schema, (key = next++));
    return key;
  };
}

/**
 * Yoga's parser cache keeps the error object of a text that failed to parse and throws that same
 * object at the next request with the text. Yoga marks it (code, HTTP 400) only when a request
 * object is in the context, which ours is not; marked here the same way, so a later answer by
 * yoga for the same text still gets its 400 under `application/graphql-response+json`.
 */
function markParseFailure(error: unknown) {
  // By name: yoga may load graphql's other module format, whose GraphQLError is another class.
  if (!(error instanceof Error) || error.name !== "GraphQLError") return;
  const marked = error as Error & { extensions?: Record<string, unknown> };
  const extensions = (marked.extensions ||= {});
  // A refusal made while parsing that says how to answer it (documentSizePlugin) keeps its status.
  if (extensions.http) return;
  extensions.code ||= "GRAPHQL_PARSE_FAILED";
  const http = (extensions.http ||= {}) as { spec?: boolean; status?: number };
  http.spec ||= true;
  http.status ||= 400;
}

interface Params {
  query?: string;
  persistedId?: string;
  operationName?: string;
  variables?: Record<string, unknown>;
}

const PARAM_NAMES = new Set(["query", "operationName", "variables", "extensions"]);

/** The request's GraphQL parameters, or null for anything but the plain shapes the fast path takes. */
function requestParams(body: Buffer): Params | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  if (!isPlainObject(parsed) || Object.keys(parsed).some((name) => !PARAM_NAMES.has(name))) return null;
  const { query, operationName, variables, extensions } = parsed;
  if (operationName != null && typeof operationName !== "string") return null;
  if (variables != null && !isPlainObject(variables)) return null;
  const base = { operationName: operationName ?? undefined, variables: variables ?? undefined } as Params;
  if (typeof query === "string" && extensions == null) return { ...base, query };
  if (query != null || !isPlainObject(extensions) || Object.keys(extensions).length !== 1) return null;
  const persisted = extensions.persistedQuery;
  if (!isPlainObject(persisted) || persisted.version !== 1 || typeof persisted.sha256Hash !== "string") return null;
  return { ...base, persistedId: persisted.sha256Hash };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Yoga answers `application/json` for no Accept, `*\/*` and `application/json`; other types are its business. */
function acceptsJson(req: IncomingMessage) {
  const accept = req.headers.accept?.replace(/\s/g, "").toLowerCase();
  return accept === undefined || accept === "*/*" || accept === "application/json" || accept === "application/json;charset=utf-8";
}

function sendsJson(req: IncomingMessage) {
  const type = req.headers["content-type"]?.replace(/\s/g, "").toLowerCase();
  return type === "application/json" || type === "application/json;charset=utf-8";
}

/** Takes what yoga's result processor would hand to a Fetch Response, so it is written to Node directly. */
class CapturedResponse {
  constructor(
    readonly body: string,
    readonly init: { status?: number; headers?: Record<string, string> },
  ) {}
}

/** One write: status, headers with Content-Length, and the body as one buffer. */
function send(res: ServerResponse, response: CapturedResponse) {
  const body = Buffer.from(response.body, "utf8");
  res.writeHead(response.init.status ?? 200, { ...response.init.headers, "content-length": body.length });
  res.end(body);
}
