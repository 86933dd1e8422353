import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { PGliteDialect } from "../../server/db/pglite-dialect";
import { migrateToLatest } from "../../server/db/migrations";
import { openDatabase } from "../../server/db/database";
import type { Tables } from "../../server/db/tables";
import { seedTemplates } from "../../server/templates/seed";
import { PGLITE_DIR_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, RUN_ID_ENV } from "./testDatabase";
import { pruneOldTemplates, TEMPLATES_DIR } from "../support/testTemplates";

/**
 * Once per test run, before any worker starts: the migrated databases every test platform copies
 * (testDatabase.ts). Workers inherit the environment set here.
 */
export async function setup() {
  process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplateFile();
  process.env[PGLITE_DIR_TEMPLATE_ENV] = await pgliteDirTemplate();
  const adminUrl = process.env.TEST_DATABASE_URL;
  // Each vitest project runs this: the PostgreSQL template of the first serves them all.
  if (!adminUrl || process.env[POSTGRES_TEMPLATE_ENV]) return;
  const runId = (process.env[RUN_ID_ENV] = randomBytes(4).toString("hex"));
  const name = `bk_template_${randomBytes(6).toString("hex")}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ dataDir: "memory://", databaseUrl: url.toString() });
  await seedTemplates(db);
  // No session may stay on a template: CREATE DATABASE … TEMPLATE refuses while one is open.
  await db.destroy();
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
    // The databases the workers kept for their next platforms (testDatabase.ts).
    const leftovers = await admin(adminUrl, `select datname from pg_database where datname like '%\\_${runId}\\_%'`);
    for (const { datname } of leftovers) await admin(adminUrl, `drop database if exists ${String(datname)} with (force)`);
  };
}

/**
 * The migrated PGlite dump, kept in the temporary directory under the hash of everything that
 * shapes it (the migrations and PGlite's version), so a run after an unchanged one skips even
 * the one initdb. Written under a temporary name and renamed: parallel runs never read half a file.
 */
async function pgliteTemplateFile(): Promise<string> {
  pruneOldTemplates();
  const dir = TEMPLATES_DIR;
  const path = join(dir, `pglite-${databaseContentHash()}.tar`);
  if (existsSync(path)) {
    // Used again: it is recent, so no other run prunes it while this one reads it.
    utimesSync(path, new Date(), new Date());
    return path;
  }
  const pglite = new PGlite();
  const db = new Kysely<Tables>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  await seedTemplates(db);
  // Without the template databases nothing here uses (the platform runs in `postgres` and never
  // creates a database), the dump has 40% fewer files and bytes: each test platform unpacks it
  // file by file, and that was most of its start.
  await pglite.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  // One statement per call: DROP DATABASE refuses to run inside a (multi-statement) transaction.
  for (const statement of ["drop database template0", "drop database template1", "checkpoint"]) await pglite.exec(statement);
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  mkdirSync(dir, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  return path;
}

/**
 * The same migrated database as files on disk, for tests that restart a platform on its data
 * directory: initdb and every migration cost such a test far more than copying the files.
 */
async function pgliteDirTemplate(): Promise<string> {
  const path = join(TEMPLATES_DIR, `pglite-dir-${databaseContentHash()}`);
  if (existsSync(path)) {
    utimesSync(path, new Date(), new Date());
    return path;
  }
  mkdirSync(TEMPLATES_DIR, { recursive: true });
  const staging = mkdtempSync(join(TEMPLATES_DIR, "partial-"));
  const db = await openDatabase({ dataDir: staging });
  await seedTemplates(db);
  await db.destroy();
  try {
    // Renamed into place whole: a parallel run never copies half a directory.
    renameSync(join(staging, "pg"), path);
  } catch {
    // Another run made it first; theirs is as good as ours.
  }
  rmSync(staging, { recursive: true, force: true });
  return path;
}

function databaseContentHash(): string {
  const hash = createHash("sha256");
  // This file too: it decides what the templates hold.
  hash.update(readFileSync(new URL(import.meta.url)));
  hash.update(readFileSync(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url)));
  const migrations = new URL("../../server/db/", import.meta.url);
  hash.update(readFileSync(new URL("migrations.ts", migrations)));
  const folder = new URL("migrations/", migrations);
  for (const file of readdirSync(folder).sort()) hash.update(file).update(readFileSync(new URL(file, folder)));
  // The template catalog's rows, seeded into the templates so a platform's start finds them current.
  const templates = new URL("../../server/templates/", import.meta.url);
  for (const file of readdirSync(templates, { recursive: true, encoding: "utf8" }).sort()) {
    if (file.endsWith(".ts")) hash.update(file).update(readFileSync(new URL(file, templates)));
  }
  return hash.digest("hex").slice(0, 16);
}

async function admin(adminUrl: string, statement: string): Promise<Record<string, unknown>[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query(statement);
  await client.end();
  return rows;
}
