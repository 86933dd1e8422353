import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../db/database";
import type { ObjectStore } from "../storage/objectStore";
import { appUrlOf } from "../../src/domain/apps";
import { findCustomerApp, findCustomerAppWithOrg } from "./store";
import { requireMembership } from "../access";
import { canEditCustomerApps } from "../../src/domain/apps";
import { bearerToken } from "../projectEndpoint/access/callers/userPool";
import { appPageConfig } from "./pageConfig";
import { checkedLogo, logoTooLarge, setAppLogo } from "./logo";
import { LOGO_MAX_BYTES } from "../../src/domain/apps";
import { requireViewer, type Context } from "../graphqlKit/context";
import { GraphQLError } from "graphql";
import type { ProjectPools } from "../auth/projectPools";
import type { LlmEndpoint } from "../ai/openai";
import { answerChat, type ChatAsker } from "./chat";

interface AppRouteDeps {
  db: Db;
  objects: ObjectStore;
  consoleDist: string;
  originFor: (host: string | undefined) => string;
  contextFor: (authorization: string | null | undefined, host?: string) => Promise<Context>;
  projectPools: ProjectPools | null;
  llm: LlmEndpoint | undefined;
}

export interface AppRoute {
  appId: string;
  /** The path below /apps/<appId>/ ("" for the app's start). */
  rest: string | null;
}

const HTML_HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" };

/** An SVG logo is shown in an <img>; opened on its own, its scripts and links stay inert. */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/**
 * A customer app's address (spec §3 appUrl, `/apps/<appId>/`): its page — its own small bundle
 * (apps.html, not the console's) with the app's views resolved when served — and its logo.
 * Every path below the app is the page (the page routes by view); an unknown app is a 404 page.
 */
export function createAppRoutes(deps: AppRouteDeps) {
  const htmlPath = join(deps.consoleDist, "apps.html");
  const html = existsSync(htmlPath) ? readFileSync(htmlPath, "utf8") : null;

  return async function serveApp(request: Request, route: AppRoute): Promise<Response> {
    if (route.rest === "logo" && request.method === "PUT") return uploadLogo(request, route.appId);
    if (route.rest === "chat" && request.method === "POST") return chat(request, route.appId);
    if (request.method !== "GET" && request.method !== "HEAD") return new Response("Method not allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    const origin = deps.originFor(request.headers.get("host") ?? undefined);
    if (route.rest === null) return new Response(null, { status: 308, headers: { location: appUrlOf("", route.appId) } });
    if (route.rest === "logo") return serveLogo(route.appId);
    const config = await appPageConfig(deps.db, route.appId, origin, (updatedAt) => `${appUrlOf(origin, route.appId)}logo?v=${updatedAt.getTime()}`);
    if (!config) return new Response(NOT_FOUND_PAGE, { status: 404, headers: HTML_HEADERS });
    if (!html) return new Response("The app page is not built. Run `npm run build`.", { status: 503 });
    const meta = `<meta name="baukasten-app" content="${escapeAttribute(JSON.stringify(config))}">`;
    const page = html.replace("<!--baukasten-app-->", meta).replace("<title>App</title>", `<title>${escapeText(config.name)}</title>`);
    return new Response(page, { headers: HTML_HEADERS });
  };

  async function chat(request: Request, appId: string) {
    const origin = deps.originFor(request.headers.get("host") ?? undefined);
    const config = await appPageConfig(deps.db, appId, origin, () => "");
    const app = config && (await findCustomerAppWithOrg(deps.db, appId));
    if (!config || !app) return Response.json({ errors: [{ message: "App not found.", extensions: { code: "NOT_FOUND" } }] }, { status: 404 });
    return answerChat({ db: deps.db, llm: deps.llm }, request, config, await askerOf(request, app));
  }

  /**
   * Who asks: a signed-in user of the app's project (the app page), or a console member who may
   * edit the app (the editor's live preview, where an answer can be pinned as a view); else nobody.
   */
  async function askerOf(request: Request, app: { api_id: string; org_id: string }): Promise<ChatAsker | null> {
    const authorization = request.headers.get("authorization");
    const token = bearerToken(authorization ?? undefined);
    if (token && deps.projectPools && (await deps.projectPools.verifyAccessToken(app.api_id, token))) return "appUser";
    if (!authorization) return null;
    try {
      const ctx = await deps.contextFor(authorization, request.headers.get("host") ?? undefined);
      requireViewer(ctx);
      return canEditCustomerApps((await requireMembership(ctx, app.org_id)).permissions) ? "member" : null;
    } catch (error) {
      if (error instanceof GraphQLError) return null;
      throw error;
    }
  }

  /**
   * The logo's upload: the file's bytes as the body, its type as content-type, the member's
   * token as for /graphql. Refusals answer like GraphQL errors ({ errors: [{ message, extensions }] }).
   */
  async function uploadLogo(request: Request, appId: string) {
    const host = request.headers.get("host") ?? undefined;
    try {
      const ctx = await deps.contextFor(request.headers.get("authorization"), host);
      requireViewer(ctx);
      const bytes = await readWithin(request, LOGO_MAX_BYTES);
      const app = await setAppLogo(ctx, appId, checkedLogo(bytes, request.headers.get("content-type") ?? ""));
      return Response.json({ logoUrl: `${appUrlOf(deps.originFor(host), app.id)}logo?v=${new Date(app.updatedAt).getTime()}` });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const code = String(error.extensions.code ?? "");
      const status = error.extensions.messageId === "error_file_too_large" ? 413 : (STATUS_OF[code] ?? 400);
      return Response.json({ errors: [{ message: error.message, extensions: error.extensions }] }, { status });
    }
  }

  async function serveLogo(appId: string) {
    const app = await findCustomerApp(deps.db, appId);
    const body = app?.logo_key ? await deps.objects.get(app.logo_key) : null;
    if (!app || !body) return new Response("Not found", { status: 404 });
    return new Response(new Uint8Array(body), {
      headers: {
        "content-type": app.logo_mime_type ?? "application/octet-stream",
        "content-security-policy": LOGO_CSP,
        "x-content-type-options": "nosniff",
        "cache-control": "public, max-age=300",
      },
    });
  }
}

const STATUS_OF: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };

/** The body, refused as too large as soon as it passes `limit` bytes (never held whole first). */
async function readWithin(request: Request, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      size += chunk.length;
      if (size > limit) throw logoTooLarge();
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>App not found</title></head><body><main><h1>App not found</h1><p>This app does not exist (any more).</p></main></body></html>`;

function escapeAttribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
function escapeText(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
