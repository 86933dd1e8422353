import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect, type LogEvent, type Transaction } from "kysely";
import type { Tables } from "./tables";
import { migrateToLatest } from "./migrations";
import { openPgPool } from "./pg-pool";
import { createClusterIfMissing } from "./initdbInChild";

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;
/** Either the database or an open transaction: stores accept both. */
export type DbOrTx = Db | Tx;

/**
 * PostgreSQL's defaults (128 MB of shared buffers) are for a database server of its own; the
 * embedded one shares the process with the platform, and its data fits in a few MB, so smaller
 * buffers leave the platform's memory to the platform.
 * `wal_init_zero=off`: a new 16 MB WAL segment is not written full of zeros first; PGlite's
 * in-memory files grow by 12.5% per write past their end, so zero-filling a segment copied it
 * over and over while a large CSV import wrote.
 */
const EMBEDDED_MEMORY_SETTINGS = ["shared_buffers=8MB", "work_mem=1MB", "maintenance_work_mem=8MB", "temp_buffers=1MB", "wal_buffers=1MB", "wal_init_zero=off"];

/**
 * PostgreSQL through `pg` when a URL is given, otherwise PGlite with its files in the data
 * directory (or in memory for `memory://`). Migrations run before the handle is returned.
 * `memoryTemplate` (tests only) is a PGlite data directory dump an in-memory database starts
 * from instead of running initdb, which costs seconds per database; migrations still run.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onStatement?: (sql: string) => void;
  memoryTemplate?: Blob;
}): Promise<Db> {
  let db: Db;
  // Tests count the statements a request runs; without a listener kysely logs nothing.
  const { onStatement } = options;
  const log = onStatement && ((event: LogEvent) => void (event.level === "query" && onStatement(event.query.sql)));
  if (options.databaseUrl) {
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: await openPgPool(options.databaseUrl) }), log });
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PGliteDialect } = await import("./pglite-dialect");
    let pglite;
    if (options.dataDir === "memory://") {
      pglite = new PGlite({ postgresqlconf: EMBEDDED_MEMORY_SETTINGS, loadDataDir: options.memoryTemplate });
    } else {
      const dir = join(options.dataDir, "pg");
      mkdirSync(options.dataDir, { recursive: true });
      await createClusterIfMissing(dir, EMBEDDED_MEMORY_SETTINGS);
      pglite = new PGlite(dir, { postgresqlconf: EMBEDDED_MEMORY_SETTINGS });
    }
    db = new Kysely<Tables>({ dialect: new PGliteDialect(pglite), log });
  }
  await migrateToLatest(db);
  return db;
}
