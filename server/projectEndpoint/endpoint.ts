import type { ServerResponse } from "node:http";
import type { Db } from "../db/database";
import type { Context } from "../graphqlKit/context";
import type { ErrorCode } from "../graphqlKit/errors";
import { createGraphqlHandler, serveGraphqlOverNode } from "../graphql/yoga";
import { compiledListsPlugin } from "./compiledLists";
import { callerDocsPlugin } from "./schema/callerDocs";
import { PROJECT_PERSISTED_QUERIES_PATH } from "../paths";
import { requireMembership } from "../access";
import type { ApiKeys } from "./access/apiKeys";
import { createKeyUseTally } from "./access/keyUses";
import { createFilterIndexes } from "./entries/filterIndexes";
import type { Caller } from "./access/access";
import type { ProjectContext } from "./context";
import { createLiveCache, usesAuthMode } from "./live";
import { createOidcVerifier } from "./access/callers/oidc";
import { isUserAuthMode } from "../../src/domain/project";
import { createLoaders } from "./entries/loaders";
import { ResponseBudget } from "../graphqlKit/responseBudget";
import { generateProjectSchema } from "./schema/schema";
import type { ProjectEvents } from "./realtime/events";
import type { ProjectPools } from "../auth/projectPools";
import { userPoolCaller } from "./access/callers/userPool";
import type { CallerCredential } from "./realtime/socketWatch";
import { appsyncErrorsPlugin, ERROR_TYPE_HEADER } from "./appsync/httpErrors";
import { errorTypeOf, UNAUTHORIZED_EXCEPTION } from "./appsync/errorTypes";
import type { FunctionRunner } from "../functions/runner";
import type { RoleType } from "../../src/domain/permissions";
import type { SchemaModel } from "../../src/domain/model";

/** `/p/<apiId>/graphql`, with or without a query string; the api id, or null for other paths. */
export function projectApiIdOf(url: string | undefined): string | null {
  const match = url ? /^\/p\/([A-Za-z0-9_-]{1,128})\/graphql(?:\?|$)/.exec(url) : null;
  return match ? match[1] : null;
}

/** Why a caller is turned away before GraphQL runs. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  messageId: string;
  message: string;
}

/**
 * A refusal shaped like a GraphQL answer, so every client reads it: the console its messageId,
 * AppSync's clients its errorType and header (an authorization failure is UnauthorizedException).
 */
function answerRefusal(res: ServerResponse, refusal: Refusal) {
  const errorType = refusalErrorType(refusal);
  res.writeHead(refusal.status, { "content-type": "application/json; charset=utf-8", [ERROR_TYPE_HEADER]: errorType });
  res.end(JSON.stringify({ errors: [{ errorType, message: refusal.message, extensions: { code: refusal.code, messageId: refusal.messageId } }] }));
}

/** AppSync's name for why a caller was turned away: every failed authorization is UnauthorizedException. */
export function refusalErrorType(refusal: Refusal) {
  return refusal.status === 401 || refusal.status === 403 ? UNAUTHORIZED_EXCEPTION : errorTypeOf(refusal.code);
}

/**
 * Each project's own GraphQL API (DESIGN.md "A project's own API"): the schema of the version
 * that is live when the request starts, served by yoga with the platform's query and input
 * limits. The caller is an API key (`x-api-key`, not expired), a user of the project's own pool
 * with its access token, or a member of the project's workspace with the console's access
 * token, acting by their role.
 */
export function createProjectEndpoint(options: {
  db: Db;
  apiKeys: ApiKeys;
  events: ProjectEvents;
  contextFor: (authorization: string | undefined, host: string | undefined) => Promise<Context>;
  /** The projects' own user pools of the built-in sign-in service; null with a real Cognito pool. */
  projectPools: ProjectPools | null;
  /** OIDC_ALLOW_PRIVATE_ISSUERS (server/config.ts). */
  oidcAllowPrivateIssuers: boolean;
  /** PROJECT_SCHEMA_CACHE_SIZE (server/config.ts). */
  schemaCacheSize: number;
  /** Runs cloud functions; given late, as it calls back into this endpoint. */
  functions: () => FunctionRunner;
}) {
  const { db, apiKeys, events, contextFor, projectPools } = options;
  const keyUses = createKeyUseTally(db);
  const filterIndexes = createFilterIndexes(db);
  const oidc = createOidcVerifier({ allowPrivateIssuers: options.oidcAllowPrivateIssuers });
  const liveSchema = createLiveCache((live) => generateProjectSchema(live.model, live.options).schema, options.schemaCacheSize);
  const yoga = createGraphqlHandler((ctx) => (ctx as ProjectContext).project.schema, "/p/:apiId/graphql", PROJECT_PERSISTED_QUERIES_PATH, [compiledListsPlugin(), callerDocsPlugin(), appsyncErrorsPlugin()]);

  /** The request's context, or why it is refused; the same for HTTP and for graphql-ws. */
  async function projectContext(apiId: string, credentials: { apiKey?: string; authorization?: string; host?: string }): Promise<ProjectContext | Refusal> {
    const live = await liveSchema(db, apiId, credentials.apiKey || undefined);
    if (!live) return { status: 404, code: "NOT_FOUND", messageId: "error_api_management_before_publish", message: "Please publish project before editing data." };
    // A token of the project's own pool or of its OIDC issuer is a project user; any other
    // token is the console's. With an API key beside a token, the key decides (DECISIONS).
    const projectUser = credentials.apiKey ? null : await userPoolCaller(projectPools, apiId, live.auth, credentials.authorization);
    if (projectUser === "refused") {
      return { status: 401, code: "UNAUTHENTICATED", messageId: "error_project_user_unauthorized", message: "Unauthorized: sign in as a user of this project again." };
    }
    const bearer = credentials.authorization?.replace(/^Bearer\s+/i, "").trim();
    const oidcSettings = usesAuthMode(live.auth, "aws_oidc") ? live.auth.oidc : null;
    const oidcToken = !projectUser && bearer && oidcSettings?.issuerUrl && oidc.claimsIssuer(bearer, oidcSettings.issuerUrl) ? bearer : null;
    const platformContext = await contextFor(projectUser || oidcToken ? undefined : credentials.authorization, credentials.host);
    let caller: Caller;
    let credential: CallerCredential;
    if (projectUser) {
      ({ caller, credential } = projectUser);
    } else if (oidcToken && oidcSettings) {
      const user = await oidc.verify(oidcToken, oidcSettings);
      if (!user) return { status: 401, code: "UNAUTHENTICATED", messageId: "error_token_invalid", message: "This sign-in token is not valid for this project." };
      caller = user.caller;
      // The issuer's sign-outs are not heard here: its tokens stand until they expire.
      credential = { expiresAt: user.expiresAt };
    } else if (credentials.apiKey) {
      if (!live.apiKeyId) return { status: 401, code: "UNAUTHENTICATED", messageId: "error_api_key_invalid", message: "This API key is unknown or has expired." };
      caller = { kind: "apiKey", keyId: live.apiKeyId, publicOnly: isUserAuthMode(live.auth.defaultMode) };
      credential = { apiKeyId: live.apiKeyId, expiresAt: live.apiKeyExpiresAt };
      // The key table shows when each key was last used and how often (rotation needs to know the old key went quiet).
      keyUses.record(live.apiKeyId);
    } else if (platformContext.viewer) {
      const viewer = platformContext.viewer;
      try {
        caller = { kind: "member", roleType: (await requireMembership(platformContext, live.live.orgId)).roleType };
      } catch {
        return { status: 403, code: "FORBIDDEN", messageId: "error_forbidden", message: "You are not allowed to do this." };
      }
      credential = {
        sessionId: viewer.session?.id,
        sub: viewer.sub,
        // A superuser's standing comes from the configuration, not from a role that could change.
        member: viewer.superuser ? undefined : { orgId: live.live.orgId, email: viewer.email.toLowerCase(), roleType: caller.roleType },
        expiresAt: viewer.session?.expiresAt ?? null,
      };
    } else {
      return { status: 401, code: "UNAUTHENTICATED", messageId: "error_unauthenticated", message: "Send an API key in x-api-key or sign in." };
    }
    // The loaders charge the budget the request executes under (responseBudget.ts).
    const responseBudget = new ResponseBudget();
    return {
      ...platformContext,
      responseBudget,
      project: { apiId, version: live.live.version, schema: live.built, caller, credential, imported: live.imported, apiKeys, keyUses, filterIndexes, events, loaders: createLoaders(db, apiId, responseBudget), userPools: projectPools, functions: options.functions(), flowTables: live.flowTables },
    };
  }

  /**
   * A context for work the platform does in a project on a member's behalf, with no request (a
   * flow's steps act as the flow's owner): the live version, the member's role as caller.
   */
  async function memberContext(apiId: string, roleType: RoleType, extra: { flowDepth?: number } = {}): Promise<{ ctx: ProjectContext; model: SchemaModel } | null> {
    const live = await liveSchema(db, apiId, undefined);
    if (!live) return null;
    const platformContext = await contextFor(undefined, undefined);
    const responseBudget = new ResponseBudget();
    const ctx: ProjectContext = {
      ...platformContext,
      responseBudget,
      project: { apiId, version: live.live.version, schema: live.built, caller: { kind: "member", roleType }, credential: { expiresAt: null }, imported: live.imported, apiKeys, keyUses, filterIndexes, events, loaders: createLoaders(db, apiId, responseBudget), userPools: projectPools, functions: options.functions(), invokedBy: "flow", flowTables: live.flowTables, ...extra },
    };
    return { ctx, model: live.live.model };
  }

  /** Serves a request to the project's endpoint as /graphql is served. */
  const serve = serveGraphqlOverNode(
    yoga,
    async (req, res, apiId: string) => {
      const key = req.headers["x-api-key"];
      const context = await projectContext(apiId, { apiKey: typeof key === "string" ? key : undefined, authorization: req.headers.authorization, host: req.headers.host });
      if (!("status" in context)) return context;
      answerRefusal(res, context);
      return null;
    },
  );

  /** How many projects' schemas this process holds now. */
  const cachedSchemas = () => liveSchema.size();

  return { serve, yoga, projectContext, memberContext, cachedSchemas, flushKeyUses: keyUses.flush, filterIndexes };
}

export type ProjectEndpoint = ReturnType<typeof createProjectEndpoint>;
