import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { randomBytes } from "node:crypto";

/**
 * Where publishing keeps declaration zips (spec §7 'uploadInlineS3Object'): a directory by
 * default, memory when the database is in memory too. Keys are slash-separated paths.
 */
export interface ObjectStore {
  put(key: string, body: Uint8Array): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

export function memoryObjectStore(): ObjectStore {
  const objects = new Map<string, Uint8Array>();
  return {
    async put(key, body) {
      objects.set(key, body);
    },
    async get(key) {
      return objects.get(key) ?? null;
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
