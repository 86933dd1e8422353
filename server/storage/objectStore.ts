import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where the platform keeps objects: publishing's declaration zips (spec §7 'uploadInlineS3Object')
 * and the CSV files they import, CSV uploads to a project's tables, and project files. A
 * directory by default, memory when the database is in memory too. Keys are slash-separated paths.
 */
export interface ObjectStore {
  put(key: string, body: Uint8Array): Promise<void>;
  /** Stores a stream as it arrives (large uploads); a stream that fails stores nothing. */
  putStream(key: string, body: AsyncIterable<Uint8Array>): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** The object as a stream, without holding it in memory; null when nothing is stored. */
  getStream(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

export function memoryObjectStore(): ObjectStore {
  const objects = new Map<string, Uint8Array>();
  return {
    async put(key, body) {
      objects.set(key, body);
    },
    async putStream(key, body) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of body) chunks.push(chunk);
      objects.set(key, Buffer.concat(chunks));
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    async getStream(key) {
      const body = objects.get(key);
      return body ? Readable.from([body]) : null;
    },
    async delete(key) {
      objects.delete(key);
    },
  };
}

/** Files under `root`; a write lands under a temporary name first, so a crash never leaves half an object. */
export function directoryObjectStore(root: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, ...key.split("/"));
    // Keys come from ids, but a key must never reach outside the store.
    if (!path.startsWith(base + sep)) throw new Error(`object key outside the store: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      // Private like the rest of the data directory (server/security/privateFiles.ts).
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, path);
    },
    async putStream(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await pipeline(Readable.from(body), createWriteStream(temporary, { mode: 0o600 }));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await rename(temporary, path);
    },
    async getStream(key) {
      const path = pathOf(key);
      const stream = createReadStream(path);
      return new Promise<Readable | null>((resolveStream, reject) => {
        stream.once("open", () => resolveStream(stream));
        stream.once("error", (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? resolveStream(null) : reject(error)));
      });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** `.data/objects` next to the database, or memory for an in-memory database. */
export function objectStoreFor(dataDir: string): ObjectStore {
  return dataDir === "memory://" ? memoryObjectStore() : directoryObjectStore(join(dataDir, "objects"));
}
