import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { fileKeyProblem } from "../../../src/domain/files";
import type { Db } from "../../db/database";
import type { ObjectStore } from "../../storage/objectStore";
import type { Config } from "../../config";
import { PROJECT_API_CORS_HEADERS } from "../../security/cors";
import { mayDo } from "../access/access";
import type { ProjectContext } from "../context";
import type { Refusal } from "../endpoint";
import { fileByKey, functionByKey, isUploadNonceUsed, newFileObjectKey, objectKeyOf, recordUpload, useUploadNonce } from "./store";
import { filesKey, verifyDownload, verifyUpload } from "./tokens";

/**
 * `/p/<apiId>/files/<key>`: PUT with a signed upload URL, GET/HEAD to fetch the file;
 * `/p/<apiId>/functions/<key>`: GET/HEAD a cloud function's code with a signed export URL.
 */
const ROUTE = /^\/p\/([A-Za-z0-9_-]{1,128})\/(files|functions)\/([^?#]+)(?:\?|$)/;

export function fileRouteOf(url: string | undefined) {
  const match = url ? ROUTE.exec(url) : null;
  if (!match) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[3]);
  } catch {
    key = "";
  }
  return { apiId: match[1], kind: match[2] as "files" | "functions", key };
}
export type FileRoute = NonNullable<ReturnType<typeof fileRouteOf>>;

/** Customer apps upload from their own sites (like the project's GraphQL API, any origin, no cookies). */
const PREFLIGHT_HEADERS = {
  ...PROJECT_API_CORS_HEADERS,
  // POST runs a cloud function (its function URL, server/functions/http.ts).
  "access-control-allow-methods": "GET, HEAD, PUT, POST, OPTIONS",
  "access-control-allow-headers": "content-type, authorization, x-api-key",
  "access-control-max-age": "86400",
};

/** A refusal shaped like the project API's errors; an unread upload closes the connection instead of draining it. */
function refuseRequest(req: IncomingMessage, res: ServerResponse, status: number, messageId: string, message: string, extensions: Record<string, unknown> = {}) {
  if (res.headersSent) return void res.destroy();
  const closes = req.method === "PUT" && !req.readableEnded;
  const code = { 400: "BAD_USER_INPUT", 401: "UNAUTHENTICATED", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT", 413: "BAD_USER_INPUT", 415: "BAD_USER_INPUT" }[status] ?? "BAD_USER_INPUT";
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...(closes ? { connection: "close" } : {}) });
  res.end(JSON.stringify({ errors: [{ message, extensions: { ...extensions, code, messageId } }] }), () => {
    if (closes) req.destroy();
  });
}

class TooLarge extends Error {}

/** A download under this name, whatever characters it holds. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The body as it arrives, refused as soon as it passes `maxBytes`. */
async function* within(body: AsyncIterable<Buffer>, maxBytes: number, counted: { bytes: number }) {
  for await (const chunk of body) {
    counted.bytes += chunk.length;
    if (counted.bytes > maxBytes) throw new TooLarge();
    yield chunk;
  }
}

/** The type a Content-Type header names, without parameters, lower case. */
const essence = (header: string | undefined) => (header ?? "").split(";")[0].trim().toLowerCase();

/**
 * The file routes beside a project's GraphQL API. An upload needs no other credential than its
 * signed URL (spec §7 'An HTTP PUT of the file body goes to uploadUrl with a Content-Type
 * header'); a public file is served to anyone, a private one with a signed URL or to a caller
 * who may read the project's data.
 */
export function createFileRoutes(deps: {
  db: Db;
  objects: ObjectStore;
  config: Config;
  projectContext: (apiId: string, credentials: { apiKey?: string; authorization?: string; host?: string }) => Promise<ProjectContext | Refusal>;
}) {
  const { db, objects, config, projectContext } = deps;

  const urlUsed = (req: IncomingMessage, res: ServerResponse) =>
    refuseRequest(req, res, 409, "error_file_upload_url_used", "This upload URL has already been used. Ask for a new upload intent to upload again.");

  /**
   * One upload per signed URL: the bytes go to an object of their own, and the URL's nonce is
   * recorded as used in the transaction that records the upload, so of two PUTs with one URL
   * only one is kept; the other is refused and its object removed. A document keeps serving
   * its own object until batchCreateFileDocument makes it serve the new one.
   */
  async function upload(req: IncomingMessage, res: ServerResponse, route: FileRoute, url: URL) {
    const grant = verifyUpload(filesKey(config), url.searchParams.get("upload") ?? "", route.apiId, route.key);
    if (!grant) return refuseRequest(req, res, 403, "error_file_upload_url_invalid", "This upload URL is not valid or has expired. Ask for a new upload intent.");
    if (essence(req.headers["content-type"]) !== grant.mimeType) {
      return refuseRequest(req, res, 415, "error_file_content_type", `Send the file with Content-Type ${grant.mimeType}, as the upload intent said.`, { mimeType: grant.mimeType });
    }
    if (Number(req.headers["content-length"] ?? 0) > grant.maxBytes) {
      return refuseRequest(req, res, 413, "error_file_too_large", "File is too large.", { max: grant.maxBytes });
    }
    const project = await db.selectFrom("apis").select("id").where("id", "=", route.apiId).executeTakeFirst();
    if (!project) return refuseRequest(req, res, 404, "error_not_found", "This project does not exist.");
    // Refused before the body is read when the URL is known to be used; a race is settled below.
    if (await isUploadNonceUsed(db, grant.nonce)) return urlUsed(req, res);
    const objectKey = newFileObjectKey(route.apiId);
    const counted = { bytes: 0 };
    try {
      await objects.putStream(objectKey, within(req as AsyncIterable<Buffer>, grant.maxBytes, counted));
    } catch (error) {
      if (error instanceof TooLarge) return refuseRequest(req, res, 413, "error_file_too_large", "File is too large.", { max: grant.maxBytes });
      throw error;
    }
    let outcome: { kept: false } | { kept: true; unused: string | null };
    try {
      outcome = await db.transaction().execute(async (tx) => {
        if (!(await useUploadNonce(tx, route.apiId, grant.nonce, grant.expiresAt))) return { kept: false as const };
        return { kept: true as const, unused: await recordUpload(tx, route.apiId, route.key, { mimeType: grant.mimeType, bytes: counted.bytes, objectKey }) };
      });
    } catch (error) {
      await objects.delete(objectKey);
      throw error;
    }
    if (!outcome.kept) {
      await objects.delete(objectKey);
      return urlUsed(req, res);
    }
    if (outcome.unused) await objects.delete(outcome.unused);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify({ key: route.key, size: counted.bytes }));
  }

  /** A private file's reader: a signed URL, or a caller of the project who may read its data. */
  async function mayRead(req: IncomingMessage, route: FileRoute, url: URL) {
    const signed = url.searchParams.get("access");
    if (signed) return verifyDownload(filesKey(config), signed, route.apiId, route.key);
    const key = req.headers["x-api-key"];
    const ctx = await projectContext(route.apiId, { apiKey: typeof key === "string" ? key : undefined, authorization: req.headers.authorization, host: req.headers.host });
    return !("status" in ctx) && mayDo(ctx.project.caller, "read");
  }

  /**
   * A cloud function's code, only with the export URL a caller allowed to export it was given
   * (exportCloudFunction): functions are private (spec §7), so nothing else opens them.
   */
  async function exportFunction(req: IncomingMessage, res: ServerResponse, route: FileRoute, url: URL) {
    const notFound = () => refuseRequest(req, res, 404, "error_file_not_found", "Object not found.");
    if (!verifyDownload(filesKey(config), url.searchParams.get("access") ?? "", route.apiId, route.key, Date.now(), "fn")) return notFound();
    const fn = await functionByKey(db, route.apiId, route.key);
    const body = fn ? await objects.getStream(fn.code_key) : null;
    if (!fn || !body) return notFound();
    res.writeHead(200, {
      "content-type": "application/zip",
      "content-length": String(fn.bytes),
      "content-disposition": attachment(`${fn.key.replaceAll("/", "_")}.zip`),
      "content-security-policy": "sandbox; default-src 'none'",
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
    if (req.method === "HEAD") {
      body.destroy();
      return void res.end();
    }
    await pipeline(body, res);
  }

  async function download(req: IncomingMessage, res: ServerResponse, route: FileRoute, url: URL) {
    const file = await fileByKey(db, route.apiId, route.key);
    const notFound = () => refuseRequest(req, res, 404, "error_file_not_found", "Object not found.");
    if (!file) return notFound();
    // A private file is not found for whoever may not read it, so its name gives nothing away.
    if (file.access_control === "private" && !(await mayRead(req, route, url))) return notFound();
    // The document's own object: never written again, so it holds exactly file.bytes.
    const body = await objects.getStream(objectKeyOf(route.apiId, file));
    if (!body) return notFound();
    res.writeHead(200, {
      "content-type": file.mime_type,
      "content-length": String(file.bytes),
      // Uploaded HTML or SVG must never run as a page of this origin.
      "content-disposition": attachment(file.name),
      "content-security-policy": "sandbox; default-src 'none'",
      "x-content-type-options": "nosniff",
      "cache-control": file.access_control === "public" ? "public, max-age=60" : "private, no-store",
    });
    if (req.method === "HEAD") {
      body.destroy();
      return void res.end();
    }
    await pipeline(body, res);
  }

  return async function serve(req: IncomingMessage, res: ServerResponse, route: FileRoute) {
    for (const [name, value] of Object.entries(PROJECT_API_CORS_HEADERS)) res.setHeader(name, value);
    if (req.method === "OPTIONS") return void res.writeHead(204, PREFLIGHT_HEADERS).end();
    if (fileKeyProblem(route.key)) return refuseRequest(req, res, 400, "error_file_key_invalid", "This file name cannot be used: give a relative path of letters, digits, dots and slashes.");
    const url = new URL(req.url ?? "/", "http://localhost");
    if (route.kind === "functions") {
      if (req.method === "GET" || req.method === "HEAD") return exportFunction(req, res, route, url);
      res.setHeader("allow", "GET, HEAD, POST, OPTIONS");
      return refuseRequest(req, res, 405, "error_method", "Use POST to run the function, or GET with an export address to download it.");
    }
    if (req.method === "PUT") return upload(req, res, route, url);
    if (req.method === "GET" || req.method === "HEAD") return download(req, res, route, url);
    res.setHeader("allow", "GET, HEAD, PUT, OPTIONS");
    return refuseRequest(req, res, 405, "error_method", "Use GET, HEAD or PUT.");
  };
}
