import { createServer, type Server } from "node:http";
import type { Config } from "./config";
import { openDatabase, type Db } from "./db/database";
import { createMailer } from "./mail/mailer";
import { handleMailbox } from "./mail/mailbox-routes";
import { createAuthService } from "./auth";
import { createPlatformPubSub } from "./pubsub";
import { createSchema } from "./graphql/schema";
import { createGraphqlHandler, serveGraphqlOverNode } from "./graphql/yoga";
import { attachSubscriptions } from "./graphql/ws";
import { decodeOrgHeader, ORG_HEADER, resolveViewer, type Context } from "./graphql/context";
import { createStaticHandler } from "./http/static";
import { rememberStandingsFor } from "./access";
import { json, sendFetchResponse, toFetchRequest } from "./http/fetch-adapter";
import { CONSOLE_DIST, SCHEMA_PATH } from "./paths";
import { log } from "./log";
import { seedTemplates } from "./templates/seed";
import { createJobRunner, type JobRunner } from "./jobs/runner";
import { schemaPromptJob, SCHEMA_PROMPT_JOB } from "./prompts/job";
import { createSchemaGenerator } from "./ai";

export interface Platform {
  server: Server;
  db: Db;
  jobs: JobRunner;
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** Wires every module of the platform behind one HTTP server (DESIGN.md, "One process, one port"). */
export async function createPlatform(config: Config): Promise<Platform> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mailer = await createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const auth = await createAuthService({ db, mailer, config });
  const pubsub = createPlatformPubSub();
  await seedTemplates(db);
  const jobs = createJobRunner(db);
  jobs.register(SCHEMA_PROMPT_JOB, schemaPromptJob({ db, pubsub, generate: createSchemaGenerator(config) }));
  const schema = createSchema(SCHEMA_PATH);

  const contextFor = async (authorization: string | null | undefined, orgHeader: string | null | undefined): Promise<Context> => ({
    db,
    config,
    pubsub,
    jobs,
    mailer,
    viewer: await resolveViewer(auth, config, authorization),
    selectedOrgId: decodeOrgHeader(orgHeader),
  });
  const yoga = createGraphqlHandler(schema);
  const serveGraphql = serveGraphqlOverNode(yoga, (req) => {
    const orgHeader = req.headers[ORG_HEADER];
    return contextFor(req.headers.authorization, Array.isArray(orgHeader) ? orgHeader[0] : orgHeader).then(rememberStandingsFor);
  });
  const serveStatic = createStaticHandler(CONSOLE_DIST, {
    userPoolId: config.cognito.userPoolId,
    clientId: config.cognito.clientId,
    region: config.cognito.region ?? null,
    authEndpoint: config.cognito.region ? null : "/auth",
  });

  async function route(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/auth" || pathname.startsWith("/auth/")) return auth.handle(request);
    if ((pathname === "/mail" || pathname === "/mail.json") && mailer.local) return handleMailbox(db, request);
    if (pathname === "/healthz") {
      await db.selectFrom("orgs").select("id").limit(1).execute();
      return json({ status: "ok" });
    }
    return serveStatic(request);
  }

  const server = createServer(async (req, res) => {
    try {
      if (isGraphqlPath(req.url)) return await serveGraphql(req, res);
      await sendFetchResponse(res, await route(toFetchRequest(req, `http://${req.headers.host ?? "localhost"}`)));
    } catch (error) {
      log.error(`${req.method} ${req.url} failed:`, error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Internal error" }));
    }
  });
  const wss = attachSubscriptions(server, yoga, (params) =>
    contextFor(params.Authorization as string | undefined ?? params.authorization as string | undefined, params[ORG_HEADER] as string | undefined),
  );

  return {
    server,
    db,
    jobs,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(config.port, () => {
          server.off("error", reject);
          jobs.start();
          resolve();
        });
      }),
    async close() {
      await jobs.stop();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}

/** /graphql, with or without a query string, without parsing a URL on the hot path. */
function isGraphqlPath(url: string | undefined) {
  return url === "/graphql" || url?.startsWith("/graphql?") === true;
}
