import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { PROJECT_API_CORS_HEADERS, PROJECT_API_PREFLIGHT_HEADERS } from "../security/cors";
import type { CsvRoute } from "../projectEndpoint/csv/http";
import type { FileRoute } from "../projectEndpoint/files/http";
import type { AppRoute } from "../apps/http";
import { fetchRoute } from "./fetchRoute";
import { json } from "./fetch-adapter";
import type { Router } from "./router";

type NodeHandler<Args extends unknown[] = []> = (req: IncomingMessage, res: ServerResponse, ...args: Args) => Promise<void>;
type FetchHandler = (request: Request) => Promise<Response>;
type Upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** What the routes serve; app.ts builds each module and hands it in. */
export interface RouteDeps {
  graphql: NodeHandler;
  graphqlUpgrade: Upgrade;
  projectGraphql: NodeHandler<[apiId: string]>;
  projectGraphqlUpgrade: Upgrade;
  /** AppSync's realtime protocol for the project's API (Amplify's subscriptions). */
  projectRealtimeUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, apiId: string) => void;
  csv: NodeHandler<[route: CsvRoute]>;
  files: NodeHandler<[route: FileRoute]>;
  /** A cloud function's URL: POST runs it (GET with a signed address downloads its code, a file route). */
  functionUrl: NodeHandler<[route: { apiId: string; key: string }]>;
  /** A customer app's page and logo (spec §3 appUrl). */
  apps: (request: Request, route: AppRoute) => Promise<Response>;
  /** A flow's webhook trigger: POST with the trigger's secret starts a run (server/flows/webhook.ts). */
  flowWebhook: NodeHandler<[route: { apiId: string; flowId: string }]>;
  auth: FetchHandler;
  mailbox: FetchHandler | null;
  pay: FetchHandler;
  healthz: () => Promise<void>;
  /** Whether a load balancer should send requests here: 503 unless "ready" (starting or draining). */
  readiness: () => "starting" | "ready" | "draining";
  /** The console's files and pages, after the redirect to PUBLIC_URL's host. */
  console: FetchHandler;
  sourceAddress: (req: IncomingMessage) => string;
}

/** A project's API and files are called by its customers' apps from any origin (security/cors.ts). */
const ANY_ORIGIN = { headers: PROJECT_API_CORS_HEADERS, preflight: PROJECT_API_PREFLIGHT_HEADERS };
/** Uploads take PUT, so the file routes answer their own preflight. */
const ANY_ORIGIN_OWN_PREFLIGHT = { headers: PROJECT_API_CORS_HEADERS, preflight: "handler" } as const;

/**
 * Every path the server answers (DESIGN.md, "One process, one port"), first match wins. A new
 * endpoint (a function, a flow, an app, a webhook) is one `router.add` line here; the router's
 * middleware gives it the security headers.
 */
export function registerRoutes(router: Router, deps: RouteDeps) {
  const web = (handle: FetchHandler) => fetchRoute(handle, deps.sourceAddress);
  router.add("/graphql", (req, res) => deps.graphql(req, res));
  router.add("/p/:apiId/graphql", (req, res, { apiId }) => deps.projectGraphql(req, res, apiId), { cors: ANY_ORIGIN });
  router.add("/p/:apiId/export.csv", (req, res, { apiId }) => deps.csv(req, res, { apiId, export: true, importId: null, failedRows: false }));
  router.add("/p/:apiId/activities.csv", (req, res, { apiId }) => deps.csv(req, res, { apiId, export: false, activities: true, importId: null, failedRows: false }));
  router.add("/p/:apiId/imports", (req, res, { apiId }) => deps.csv(req, res, { apiId, export: false, importId: null, failedRows: false }));
  router.add("/p/:apiId/imports/:importId", (req, res, { apiId, importId }) => deps.csv(req, res, { apiId, export: false, importId, failedRows: false }));
  router.add("/p/:apiId/imports/:importId/failed.csv", (req, res, { apiId, importId }) => deps.csv(req, res, { apiId, export: false, importId, failedRows: true }));
  router.add("/p/:apiId/files/*key", (req, res, { apiId, key }) => deps.files(req, res, { apiId, kind: "files", key: decodedKey(key) }), { cors: ANY_ORIGIN_OWN_PREFLIGHT });
  router.add(
    "/p/:apiId/functions/*key",
    (req, res, { apiId, key }) =>
      req.method === "POST" ? deps.functionUrl(req, res, { apiId, key: decodedKey(key) }) : deps.files(req, res, { apiId, kind: "functions", key: decodedKey(key) }),
    { cors: ANY_ORIGIN_OWN_PREFLIGHT },
  );
  router.add("/apps/:appId", web((request) => deps.apps(request, { appId: appIdOf(request), rest: null })));
  router.add("/apps/:appId/", web((request) => deps.apps(request, { appId: appIdOf(request), rest: "" })));
  router.add("/apps/:appId/*rest", web((request) => deps.apps(request, { appId: appIdOf(request), rest: restOf(request) })));
  router.add("/p/:apiId/flows/:flowId/webhook", (req, res, { apiId, flowId }) => deps.flowWebhook(req, res, { apiId, flowId }), { cors: ANY_ORIGIN });
  router.add("/auth", web(deps.auth));
  router.add("/auth/*rest", web(deps.auth));
  router.add("/mail", web(deps.mailbox ?? notFound));
  router.add("/mail.json", web(deps.mailbox ?? notFound));
  router.add("/pay/*rest", web(deps.pay));
  router.add("/healthz", web(() => deps.healthz().then(() => json({ status: "ok" }))));
  router.add("/readyz", web(async () => json({ status: deps.readiness() }, { status: deps.readiness() === "ready" ? 200 : 503 })));
  router.add("*path", web(deps.console));

  router.upgrade("/graphql", deps.graphqlUpgrade);
  router.upgrade("/p/:apiId/graphql", deps.projectGraphqlUpgrade);
  router.upgrade("/p/:apiId/graphql/realtime", (req, socket, head, { apiId }) => deps.projectRealtimeUpgrade(req, socket, head, apiId));
}

/** Route parameter shapes: an api id as ids are made; a path outside them is the console's. */
export const ROUTE_PARAM_SHAPES = { apiId: "[A-Za-z0-9_-]{1,128}", importId: "[A-Za-z0-9_-]{1,64}", flowId: "[A-Za-z0-9_-]{1,64}" };

/** The app id and the path below it, read from the request (fetch-style routes get no parameters). */
const appPath = (request: Request) => new URL(request.url).pathname.split("/").slice(2);
const appIdOf = (request: Request) => appPath(request)[0] ?? "";
const restOf = (request: Request) => appPath(request).slice(1).join("/");

const notFound = async () => new Response("Not found", { status: 404 });

/** A file key as written in the path; one that cannot be decoded is refused by the file route as empty. */
function decodedKey(raw: string) {
  try {
    return decodeURIComponent(raw);
  } catch {
    return "";
  }
}
