import { randomBytes } from "node:crypto";
import { cpSync, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { openMemoryPglite } from "../../server/db/database";
import { refuseInPostgresFreeFile } from "./postgresFreeGuard";
import { IDLE_DATABASES, resetToTemplate, templateStateOf, type Run, type TemplateState } from "./reusedDatabases";

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

/** A new in-memory PGlite from the migrated dump (an empty one without the global setup). */
export async function openMigratedPglite() {
  return openMemoryPglite(await migratedPgliteTemplate());
}

/** A data directory without a database gets a copy of the migrated one, when the run made it. */
export function seedDataDir(dataDir: string) {
  refuseInPostgresFreeFile();
  const template = process.env[PGLITE_DIR_TEMPLATE_ENV];
  const target = join(dataDir, "pg");
  if (template && !existsSync(join(target, "PG_VERSION"))) cpSync(template, target, { recursive: true });
}

/**
 * A database on the test cluster at the migrated template's state (an empty one when the global
 * setup made no template): one this process reset after an earlier platform, or a new copy.
 * `drop()` hands it back: reset for the next caller (reusedDatabases.ts), or dropped.
 */
export function createDatabase(adminUrl: string, prefix = "bk") {
  return holdingProcess(() => leaseDatabase(adminUrl, prefix));
}

async function leaseDatabase(adminUrl: string, prefix: string) {
  refuseInPostgresFreeFile();
  const admin = await adminSession(adminUrl);
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const url = (name: string) => {
    const database = new URL(adminUrl);
    database.pathname = `/${name}`;
    return database.toString();
  };
  const idle = idleDatabases.get(adminUrl) ?? [];
  idleDatabases.set(adminUrl, idle);
  let name = idle.pop();
  if (!name) {
    name = `${prefix}_${process.env[RUN_ID_ENV] ?? "run"}_${randomBytes(6).toString("hex")}`;
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
    // The first new database shows what every reset one must have; it is listed before any use.
    if (!templateStates.has(adminUrl)) templateStates.set(adminUrl, onDatabase(url(name), templateStateOf));
    await templateStates.get(adminUrl);
  }
  const leased = name;
  let dropped = false;
  return {
    url: url(leased),
    drop: () => holdingProcess(async () => {
      // Handed back twice, it would be leased to two platforms at once.
      if (dropped) return;
      dropped = true;
      const session = await adminSession(adminUrl);
      // A connection the platform left open would hold the truncation up.
      await session.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [leased]);
      const expected = await templateStates.get(adminUrl);
      const reusable =
        expected !== undefined &&
        idle.length < IDLE_DATABASES &&
        (await onDatabase(url(leased), (run) => resetToTemplate(run, expected)).catch(() => false));
      if (reusable) idle.push(leased);
      else await session.query(`drop database if exists ${leased} with (force)`);
    }),
  };
}

/**
 * The admin session's socket does not keep the process alive (adminSession), so a process with
 * nothing else pending left in the middle of a statement on it, silently and with status 0: the
 * bench ended before its PostgreSQL half. Work on the session holds the process open meanwhile.
 */
async function holdingProcess<T>(work: () => Promise<T>): Promise<T> {
  const hold = setInterval(() => {}, 60_000);
  try {
    return await work();
  } finally {
    clearInterval(hold);
  }
}

/** The run's own databases carry its id (globalSetup.ts drops what is left of them at the end). */
export const RUN_ID_ENV = "TEST_RUN_ID";

const idleDatabases = new Map<string, string[]>();
const templateStates = new Map<string, Promise<TemplateState>>();

/** `work` with a session on the database at `url`, closed afterwards. */
async function onDatabase<T>(url: string, work: (run: Run) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (statement) => (await client.query(statement)).rows);
  } finally {
    await client.end();
  }
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
