import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";
import { deriveKey, resolveSecretKey } from "../../security/secretKey";

/**
 * Capabilities for a project's files, carried in a URL as S3's presigned URLs are: an HMAC over
 * what they allow, with an expiry, never stored. An upload token names the project, the key,
 * the Content-Type the PUT must send, the most bytes it may send and a nonce (the server records
 * the nonce of an upload it accepted, so each upload URL uploads once); a download token names the
 * project and the key of a private file, or of a cloud function's code ("fn": a file's token never
 * opens a function of the same key, nor the other way round).
 */
export interface UploadGrant {
  apiId: string;
  key: string;
  mimeType: string;
  maxBytes: number;
  expiresAt: number;
  /** Names this upload URL: once an upload to it is accepted, it is used up. */
  nonce: string;
}
export interface DownloadGrant {
  apiId: string;
  key: string;
  expiresAt: number;
}

/** Upload URLs last long enough for a slow upload to start, download URLs for a page to be used. */
export const UPLOAD_URL_MINUTES = 15;
export const DOWNLOAD_URL_MINUTES = 15;
/** An export URL is followed at once by the console that asked for it. */
export const EXPORT_URL_MINUTES = 2;

const keys = new WeakMap<Config, Buffer>();
/** One key per server secret, for this purpose only (security/secretKey.ts deriveKey). */
export function filesKey(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = deriveKey(resolveSecretKey(config), "project-files");
    keys.set(config, key);
  }
  return key;
}

function sign(key: Buffer, fields: unknown[]): string {
  const body = Buffer.from(JSON.stringify(fields)).toString("base64url");
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

/** The signed fields, or null when the token is forged, altered or malformed. */
function verify(key: Buffer, token: string): unknown[] | null {
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) return null;
  const expected = createHmac("sha256", key).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const fields = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    return Array.isArray(fields) ? fields : null;
  } catch {
    return null;
  }
}

/** A fresh nonce for an upload URL. */
export const uploadNonce = () => randomBytes(16).toString("base64url");

export const signUpload = (key: Buffer, grant: UploadGrant) => sign(key, ["put", grant.apiId, grant.key, grant.mimeType, grant.maxBytes, grant.expiresAt, grant.nonce]);
/** What a download token opens: a private file, or a cloud function's code. */
export type DownloadKind = "get" | "fn";

export const signDownload = (key: Buffer, grant: DownloadGrant, kind: DownloadKind = "get") => sign(key, [kind, grant.apiId, grant.key, grant.expiresAt]);

/** The upload a token allows for this project and key, or null (forged, other project or key, expired). */
export function verifyUpload(key: Buffer, token: string, apiId: string, fileKey: string, now = Date.now()): UploadGrant | null {
  const fields = verify(key, token);
  if (!fields || fields[0] !== "put" || fields[1] !== apiId || fields[2] !== fileKey) return null;
  const [, , , mimeType, maxBytes, expiresAt, nonce] = fields;
  if (typeof mimeType !== "string" || typeof maxBytes !== "number" || typeof expiresAt !== "number" || expiresAt <= now) return null;
  if (typeof nonce !== "string" || nonce.length === 0) return null;
  return { apiId, key: fileKey, mimeType, maxBytes, expiresAt, nonce };
}

export function verifyDownload(key: Buffer, token: string, apiId: string, fileKey: string, now = Date.now(), kind: DownloadKind = "get"): boolean {
  const fields = verify(key, token);
  return Boolean(fields && fields[0] === kind && fields[1] === apiId && fields[2] === fileKey && typeof fields[3] === "number" && fields[3] > now);
}
