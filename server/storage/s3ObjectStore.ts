import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import type { ObjectStore } from "./objectStore";

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) from the S3_* settings. */
export interface S3Settings {
  /** Path-style endpoint (MinIO, a local S3); unset → AWS's virtual-hosted address for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** A store that sends no answer this long is given up: a hung store fails the request, not the server. */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Objects in an S3-compatible bucket, so several servers share one set of files. Clients still
 * upload and download through the platform's own signed URLs (server/projectEndpoint/files/http.ts),
 * which check rights and sizes and then stream to or from here.
 */
export function s3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, service: "s3", region: settings.region });
  const base = settings.endpoint
    ? `${settings.endpoint.replace(/\/$/, "")}/${encodeURIComponent(settings.bucket)}`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const urlOf = (key: string) => `${base}/${key.split("/").map(encodeURIComponent).join("/")}`;

  async function send(method: string, key: string, init: RequestInit & { duplex?: "half" } = {}) {
    // The limit runs until the answer's headers: a long download may then take its time.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)), REQUEST_TIMEOUT_MS);
    let response: Response;
    try {
      response = await client.fetch(urlOf(key), { method, signal: abort.signal, ...init });
    } finally {
      clearTimeout(timer);
    }
    if (response.ok || (response.status === 404 && method !== "PUT")) return response;
    const detail = (await response.text()).slice(0, 300);
    throw new Error(`S3 ${method} ${key} answered ${response.status}: ${detail}`);
  }

  return {
    async put(key, body) {
      await send("PUT", key, { body: body as Uint8Array<ArrayBuffer> });
    },
    async putStream(key, body) {
      // S3 needs the length before the first byte: the upload lands in a private temporary file
      // first (its size is already bounded by the caller), then goes up in one signed PUT.
      const directory = await mkdtemp(join(tmpdir(), "baukasten-s3-"));
      const spooled = join(directory, "object");
      try {
        await pipeline(Readable.from(body), createWriteStream(spooled, { mode: 0o600 }));
        const { size } = await stat(spooled);
        await send("PUT", key, {
          body: Readable.toWeb(createReadStream(spooled)) as ReadableStream,
          duplex: "half",
          headers: { "content-length": String(size), "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
        });
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    async get(key) {
      const response = await send("GET", key);
      return response.status === 404 ? null : new Uint8Array(await response.arrayBuffer());
    },
    async getStream(key) {
      const response = await send("GET", key);
      if (response.status === 404 || !response.body) return null;
      return Readable.fromWeb(response.body as WebReadableStream);
    },
    async delete(key) {
      await send("DELETE", key);
    },
  };
}

/** Checks at start that the bucket answers to these credentials: a wrong setting stops the start with its reason. */
export async function checkS3Bucket(settings: S3Settings): Promise<void> {
  const store = s3ObjectStore(settings);
  const probe = `.baukasten-probe/${Date.now()}`;
  try {
    await store.put(probe, new TextEncoder().encode("ok"));
    await store.delete(probe);
  } catch (error) {
    throw new Error(`The S3 file store (bucket "${settings.bucket}") cannot be used: ${(error as Error).message}`);
  }
}
