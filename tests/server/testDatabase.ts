import { randomBytes } from "node:crypto";
import { cpSync, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Test platforms start from a database that is already migrated, made once per run by
 * tests/server/globalSetup.ts: creating and migrating one costs seconds, copying one a fraction
 * of that. The platform still runs its migrations, which then find nothing to do. Without the
 * global setup (a script importing the harness) every database is made from scratch as before.
 */
export const PGLITE_TEMPLATE_ENV = "TEST_PGLITE_TEMPLATE";
export const POSTGRES_TEMPLATE_ENV = "TEST_DATABASE_TEMPLATE";
export const PGLITE_DIR_TEMPLATE_ENV = "TEST_PGLITE_DIR_TEMPLATE";

/**
 * The dump as PGlite reads it: a Blob whose bytes are read once per worker. Node 20's own
 * Blob#arrayBuffer reassembles a 40 MB blob chunk by chunk on every call, which cost each test
 * platform more than its database's start; this one hands each platform a plain copy.
 */
class DumpBlob extends Blob {
  constructor(private readonly dump: Uint8Array) {
    super([]);
  }
  override get size() {
    return this.dump.byteLength;
  }
  override get type() {
    return "application/x-tar";
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.dump.slice().buffer;
  }
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated PGlite data directory (an uncompressed tar) for an in-memory database, if made. */
export function migratedPgliteTemplate(): Promise<Blob | undefined> {
  const path = process.env[PGLITE_TEMPLATE_ENV];
  if (!path) return Promise.resolve(undefined);
  pgliteTemplate ??= readFile(path).then((tar) => new DumpBlob(tar));
  return pgliteTemplate;
}

/** A data directory without a database gets a copy of the migrated one, when the run made it. */
export function seedDataDir(dataDir: string) {
  const template = process.env[PGLITE_DIR_TEMPLATE_ENV];
  const target = join(dataDir, "pg");
  if (template && !existsSync(join(target, "PG_VERSION"))) cpSync(template, target, { recursive: true });
}

/**
 * A fresh database on the test cluster, dropped again by `drop()`: a copy of the migrated
 * template when the global setup made one, otherwise an empty database.
 */
export async function createDatabase(adminUrl: string, prefix = "bk") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await (await adminSession(adminUrl)).query(`create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await (await adminSession(adminUrl)).query(`drop database if exists ${name} with (force)`);
    },
  };
}

const adminSessions = new Map<string, Promise<import("pg").Client>>();

/**
 * One session on the cluster per process for creating and dropping databases: a new session's
 * first CREATE DATABASE costs the server about three times a later one, and a process creates
 * one per test platform. Its socket does not keep the process alive; a session that ends (the
 * cluster restarted) is replaced.
 */
function adminSession(adminUrl: string) {
  let session = adminSessions.get(adminUrl);
  if (!session) {
    session = (async () => {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      (client as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
      const forget = () => adminSessions.delete(adminUrl);
      client.on("error", forget);
      client.on("end", forget);
      return client;
    })();
    session.catch(() => adminSessions.delete(adminUrl));
    adminSessions.set(adminUrl, session);
  }
  return session;
}
