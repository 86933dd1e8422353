import { createServer, type Server } from "node:http";
import type { PGlite } from "@electric-sql/pglite";
import type { Plugin } from "graphql-yoga";
import type { Config } from "./config";
import { openDatabase, type Db } from "./db/database";
import { startAutoAnalyze } from "./db/autoAnalyze";
import { createMailer, type Mailer } from "./mail/mailer";
import { createMailbox } from "./mail/mailbox-routes";
import { createAuthService } from "./auth";
import type { NewKeyPair } from "./auth/keys";
import { createPlatformPubSub, type PubSub } from "./pubsub";
import { createSchema } from "./graphql/schema";
import { createGraphqlHandler, serveGraphqlOverNode } from "./graphql/yoga";
import { createSubscriptions } from "./graphql/ws";
import { createSessionWatch } from "./graphql/sessionWatch";
import { resolveViewer, type Context } from "./graphqlKit/context";
import { createStaticHandler } from "./http/static";
import { createAppRoutes } from "./apps/http";
import { rememberStandingsFor } from "./access";
import { createRouter } from "./http/router";
import { createHeaderMiddleware } from "./http/headerMiddleware";
import { registerRoutes, ROUTE_PARAM_SHAPES } from "./http/routes";
import { createSourceAddress } from "./http/sourceAddress";
import { createOrigins } from "./http/origin";
import { listenOn } from "./listen";
import { CONSOLE_DIST, PERSISTED_QUERIES_PATH, SCHEMA_PATH } from "./paths";
import { log } from "./log";
import { seedTemplates } from "./templates/seed";
import { createJobRunner, type JobRunner } from "./jobs/runner";
import { releaseLeases } from "./jobs/store";
import { schemaPromptJob, SCHEMA_PROMPT_JOB } from "./prompts/job";
import { invitationMailJob, INVITATION_MAIL_JOB } from "./role/invitationMail";
import { createSchemaGenerator } from "./ai";
import { objectStoreFor, type ObjectStore } from "./storage/objectStore";
import { checkS3Bucket, s3ObjectStore } from "./storage/s3ObjectStore";
import { publishJob, PUBLISH_JOB } from "./publishing/job";
import { recoverPublishing } from "./publishing/recovery";
import type { PublishDeps } from "./publishing/deps";
import { resolveSecretKey } from "./security/secretKey";
import { createApiKeys, type ApiKeys } from "./projectEndpoint/access/apiKeys";
import { createProjectEndpoint } from "./projectEndpoint/endpoint";
import type { FilterIndexes } from "./projectEndpoint/entries/filterIndexes";
import { setLiveVersion } from "./projectEndpoint/live";
import { liveVersionProblem } from "./projectEndpoint/schema/schema";
import { dropExpiredActivities } from "./projectEndpoint/builtIns/retention";
import { createProjectEvents } from "./projectEndpoint/realtime/events";
import { attachProjectSubscriptions } from "./projectEndpoint/realtime/ws";
import { createProjectSocketWatch } from "./projectEndpoint/realtime/socketWatch";
import { attachAppsyncRealtime } from "./projectEndpoint/appsync/realtime";
import { createCsvRoutes } from "./projectEndpoint/csv/http";
import { createFileRoutes } from "./projectEndpoint/files/http";
import { createFunctionRunner } from "./functions/runner";
import { createFunctionUrlRoute } from "./functions/http";
import { dropExpiredFunctionLogs } from "./functions/logs";
import { csvImportJob, CSV_IMPORT_JOB } from "./projectEndpoint/csv/job";
import { billDuePeriods, createBuiltInProvider } from "./pay/builtIn";
import { createPayments } from "./pay/payments";
import { createPayRoutes } from "./pay/routes";
import type { PaymentProvider } from "./pay/provider";
import { deriveKey } from "./security/secretKey";
import { createChangeFollower, type ChangeFollower } from "./changes/follower";
import { credentialChange, deliverChange } from "./changes/topics";
import { appendAfterCommit, dropOldChanges } from "./changes/log";
import { flowRunJob } from "./flows/engine";
import { createFlowDryRun } from "./flows/dryRun";
import { FLOW_RUN_JOB } from "./flows/start";
import { createFlowWebhookRoute } from "./flows/webhook";
import { createFlowScheduler } from "./flows/schedule";

export interface Platform {
  server: Server;
  db: Db;
  jobs: JobRunner;
  pubsub: PubSub;
  /** Follows the change log into this server's subscriptions (server/changes). */
  changes: ChangeFollower;
  /** Object storage (declaration zips of publish runs). */
  objects: ObjectStore;
  /** Projects' API keys; publishing creates a project's first one (createDefaultApiKey). */
  apiKeys: ApiKeys;
  /** How many projects' generated schemas the project API holds (at most PROJECT_SCHEMA_CACHE_SIZE). */
  cachedProjectSchemas(): number;
  /** The list indexes built on demand; `idle()` waits for those asked for (tests, the bench). */
  filterIndexes: FilterIndexes;
  mailer: Mailer;
  /** The local mailbox link with its token; null when mail goes to SMTP. */
  mailboxLink: string | null;
  /** The router's patterns, HTTP and WebSocket, in the order they are tried. */
  routes: { http: string[]; upgrade: string[] };
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** How long a stopping server waits for requests in flight before it closes their connections. */
const DRAIN_BOUND_MS = 10_000;

/** Wires every module of the platform behind one HTTP server (DESIGN.md, "One process, one port"). */
export async function createPlatform(
  config: Config,
  // Tests may watch what publishing tells the project API; the platform serves the real one.
  // Tests may also put a failing payment provider in place of the built-in one, and count the
  // SQL statements requests run (onStatement), and lend the platform an open in-memory database
  // (pglite, see openDatabase).
  options: {
    projectApi?: Partial<Pick<PublishDeps, "setLiveVersion" | "createDefaultApiKey" | "liveVersionProblem">>;
    paymentProvider?: PaymentProvider;
    onStatement?: (sql: string) => void;
    /** The built console to serve (dist/console by default); tests give a small one of their own. */
    consoleDist?: string;
    pglite?: PGlite;
    /** The key pair a new signing key gets (auth/keys.ts); tests lend one made before. */
    newSigningKeyPair?: NewKeyPair;
    /** Yoga plugins added to the platform's /graphql, as a deployment's own would be. */
    graphqlPlugins?: readonly Plugin<Context>[];
  } = {},
): Promise<Platform> {
  // A file store that cannot be used stops the start before anything is opened.
  if (config.s3) await checkS3Bucket(config.s3);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onStatement: options.onStatement, pglite: options.pglite });
  const mailer = await createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const mailbox = mailer.local ? createMailbox(db, config) : null;
  const projectEvents = createProjectEvents();
  const pubsub = createPlatformPubSub();
  const changes = createChangeFollower({ db, databaseUrl: config.databaseUrl, deliver: (change) => deliverChange(pubsub, projectEvents, change) });
  pubsub.followChanges(changes.announce, {
    // Several servers may share a PostgreSQL: a credential ended through one closes the sockets of all.
    credentialChanged: config.databaseUrl ? (change) => void appendAfterCommit(db, [credentialChange(change)]).then(changes.announce) : undefined,
  });
  // Before anything can write: this server delivers every change committed from here on.
  await changes.start();
  const auth = await createAuthService({ db, mailer, config, pubsub, newKeyPair: options.newSigningKeyPair });
  await seedTemplates(db);
  const jobs = createJobRunner(db);
  jobs.register(SCHEMA_PROMPT_JOB, schemaPromptJob({ db, pubsub, generate: createSchemaGenerator(config) }));
  const objects = config.s3 ? s3ObjectStore(config.s3) : objectStoreFor(config.dataDir);
  const secretKey = resolveSecretKey(config);
  const apiKeys = createApiKeys(secretKey);
  const checkoutKey = deriveKey(secretKey, "checkout-capability");
  const payments = createPayments(options.paymentProvider ?? createBuiltInProvider({ testAutomation: config.payTestAutomation, seller: config.seller }), checkoutKey);
  const publishing: PublishDeps = {
    db,
    pubsub,
    objects,
    publicUrl: config.publicUrl,
    setLiveVersion,
    createDefaultApiKey: apiKeys.createDefaultApiKey,
    liveVersionProblem,
    ...options.projectApi,
  };
  jobs.register(PUBLISH_JOB, publishJob(publishing));
  // Before serving: no project stays PUBLISHING after a crash (spec §4).
  await recoverPublishing(publishing);
  jobs.register(INVITATION_MAIL_JOB, invitationMailJob({ db, mailer, publicUrl: config.publicUrl }));
  jobs.register(CSV_IMPORT_JOB, csvImportJob({ db, objects, changesCommitted: pubsub.changesCommitted }));
  // An import a killed server was writing resumes at start-up, not when its lease runs out.
  if (!config.databaseUrl) await releaseLeases(db, [CSV_IMPORT_JOB]);
  const schema = createSchema(SCHEMA_PATH);

  const origins = createOrigins(config);
  const contextFor = async (authorization: string | null | undefined, host?: string): Promise<Context> => ({
    db,
    config,
    origin: origins.originFor(host),
    pubsub,
    jobs,
    mailer,
    objects,
    payments,
    flowDryRun: (flow, trigger) => flowDryRun(flow, trigger),
    viewer: await resolveViewer(auth, config, authorization),
  });
  const yoga = createGraphqlHandler(schema, "/graphql", PERSISTED_QUERIES_PATH, options.graphqlPlugins);
  const serveGraphql = serveGraphqlOverNode(yoga, (req) => contextFor(req.headers.authorization, req.headers.host).then(rememberStandingsFor));
  const functions = createFunctionRunner({ db, objects, limits: config.limits, projectYoga: () => projectApi.yoga });
  const projectApi = createProjectEndpoint({ db, apiKeys, events: projectEvents, contextFor, projectPools: auth.projectPools, oidcAllowPrivateIssuers: config.oidcAllowPrivateIssuers, schemaCacheSize: config.projectSchemaCacheSize, functions: () => functions });
  const flowEngine = { db, config, mailer, projectYoga: () => projectApi.yoga, memberContext: projectApi.memberContext };
  jobs.register(FLOW_RUN_JOB, flowRunJob(flowEngine));
  const flowDryRun = createFlowDryRun(flowEngine);
  const flowScheduler = createFlowScheduler({ db, limits: config.limits, kick: jobs.kick });
  const serveFlowWebhook = createFlowWebhookRoute({ db, limits: config.limits, jobs });
  const serveCsv = createCsvRoutes(projectApi.projectContext);
  const serveFile = createFileRoutes({ db, objects, config, projectContext: projectApi.projectContext });
  const serveFunctionUrl = createFunctionUrlRoute({ db, limits: config.limits, projectContext: projectApi.projectContext });
  const pay = createPayRoutes({ db, contextFor, checkoutKey, seller: config.seller });
  const consoleDist = options.consoleDist ?? CONSOLE_DIST;
  const serveStatic = createStaticHandler(consoleDist, {
    userPoolId: config.cognito.userPoolId,
    clientId: config.cognito.clientId,
    region: config.cognito.region ?? null,
    authEndpoint: config.cognito.region ? null : "/auth",
    // The sign-up code screen says where the code is when no mail is sent.
    localMailbox: mailer.local,
  });

  const sessions = createSessionWatch((ids) => auth.activeSessions(ids));
  const projectSockets = createProjectSocketWatch(pubsub);
  const projectSubscriptions = attachProjectSubscriptions(projectApi, projectSockets);
  const appsyncRealtime = attachAppsyncRealtime(projectApi, projectSockets, {
    keepAliveMs: config.limits.realtimeKeepAliveMs,
    subscriptionsPerSocket: config.limits.realtimeSubscriptionsPerSocket,
  });
  const subscriptions = createSubscriptions(
    yoga,
    (params, request) =>
      contextFor(params.Authorization as string | undefined ?? params.authorization as string | undefined, request.headers.host),
    sessions,
  );

  // What a load balancer asks /readyz: send requests here only while "ready".
  let readiness: "starting" | "ready" | "draining" = "starting";
  const router = createRouter(ROUTE_PARAM_SHAPES);
  router.use(createHeaderMiddleware(config, consoleDist));
  registerRoutes(router, {
    graphql: serveGraphql,
    graphqlUpgrade: subscriptions.handleUpgrade,
    projectGraphql: projectApi.serve,
    projectGraphqlUpgrade: projectSubscriptions.handleUpgrade,
    projectRealtimeUpgrade: appsyncRealtime.handleUpgrade,
    csv: serveCsv,
    files: serveFile,
    functionUrl: serveFunctionUrl,
    apps: createAppRoutes({ db, objects, consoleDist, originFor: origins.originFor, contextFor, projectPools: auth.projectPools, llm: config.llm }),
    flowWebhook: serveFlowWebhook,
    auth: auth.handle,
    mailbox: mailbox && mailbox.handle,
    pay: pay.handle,
    healthz: () => db.selectFrom("orgs").select("id").limit(1).execute().then(() => undefined),
    readiness: () => readiness,
    console: async (request) => origins.redirectFor(request) ?? serveStatic(request),
    sourceAddress: createSourceAddress(config.trustedProxies),
  });
  const server = createServer(async (req, res) => {
    try {
      await router.serve(req, res);
    } catch (error) {
      log.error(`${req.method} ${req.url} failed:`, error);
      // The middleware has set the security headers already; they stay on this answer.
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Internal error" }));
    }
  });
  server.on("upgrade", router.serveUpgrade);

  let closeExtraListeners = async () => {};
  // Hourly upkeep, safe on several servers at once: the built-in provider bills each subscription
  // whose period has ended (one invoice per period; the rows are locked), and activities older than
  // their project's retention are deleted.
  let upkeepRun: Promise<unknown> = Promise.resolve();
  const upkeep = () => {
    const billing = options.paymentProvider ? null : db.transaction().execute((tx) => billDuePeriods(tx, new Date(), config.seller));
    upkeepRun = Promise.all([billing, dropExpiredActivities(db), dropOldChanges(db, config.limits.changeRetentionSeconds), dropExpiredFunctionLogs(db)]).catch((error: unknown) => log.error("hourly upkeep failed:", error));
  };
  let upkeepTimer: NodeJS.Timeout | null = null;
  let closing: Promise<void> | null = null;
  let stopAutoAnalyze: (() => Promise<void>) | undefined;
  return {
    server,
    db,
    jobs,
    pubsub,
    changes,
    objects,
    apiKeys,
    cachedProjectSchemas: projectApi.cachedSchemas,
    filterIndexes: projectApi.filterIndexes,
    mailer,
    mailboxLink: mailbox?.link ?? null,
    routes: { http: router.patterns(), upgrade: router.upgradePatterns() },
    async listen() {
      closeExtraListeners = await listenOn(server, config.host, config.port);
      jobs.start();
      flowScheduler.start();
      if (!config.databaseUrl) stopAutoAnalyze = startAutoAnalyze(db);
      upkeep();
      upkeepTimer = setInterval(upkeep, 60 * 60 * 1000).unref();
      readiness = "ready";
    },
    /**
     * Stops gracefully (SIGTERM): /readyz answers 503, no new connection is accepted, open
     * websockets close with 1001 so their clients reconnect to another server (and resume from
     * their last sequence), requests in flight finish, and an import in hand goes back to the
     * queue for another server.
     */
    close() {
      closing ??= drainAndClose();
      return closing;
    },
  };

  async function drainAndClose() {
    readiness = "draining";
    for (const sockets of [subscriptions.wss, projectSubscriptions.wss, appsyncRealtime.wss]) {
      for (const client of sockets.clients) client.close(1001, "Server going away");
    }
    const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closeExtraListeners();
    if (upkeepTimer) clearInterval(upkeepTimer);
    await upkeepRun;
    await flowScheduler.stop();
    await jobs.stop({ handBack: true });
    await changes.stop();
    await stopAutoAnalyze?.();
    sessions.stop();
    projectSockets.stop();
    // A client that did not answer the close handshake meanwhile is cut off.
    for (const sockets of [subscriptions.wss, projectSubscriptions.wss, appsyncRealtime.wss]) {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    }
    // Connections that fell idle meanwhile close now; a request still running after the drain's bound is cut off.
    server.closeIdleConnections();
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([requestsDone, new Promise<void>((resolve) => (bound = setTimeout(resolve, DRAIN_BOUND_MS)))]);
    clearTimeout(bound);
    server.closeAllConnections();
    await requestsDone;
    await functions.close();
    // An index being built finishes first: cut off, it would be left invalid.
    await projectApi.filterIndexes.stop();
    // The key uses counted since the last write are written before the database closes.
    await projectApi.flushKeyUses().catch(() => {});
    await db.destroy();
  }
}
