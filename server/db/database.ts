import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
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
 * `pglite` (tests only) is an open in-memory database the caller lends, made by
 * `openMemoryPglite`: used as it is and left open when the handle is destroyed.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onStatement?: (sql: string) => void;
  pglite?: PGlite;
}): Promise<Db> {
  let db: Db;
  // Tests count the statements a request runs; without a listener kysely logs nothing.
  const { onStatement } = options;
  const log = onStatement && ((event: LogEvent) => void (event.level === "query" && onStatement(event.query.sql)));
  if (options.databaseUrl) {
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: await openPgPool(options.databaseUrl) }), log });
  } else {
    const { PGliteDialect } = await import("./pglite-dialect");
    if (options.pglite) {
      db = new Kysely<Tables>({ dialect: new PGliteDialect(options.pglite, { lent: true }), log });
    } else if (options.dataDir === "memory://") {
      db = new Kysely<Tables>({ dialect: new PGliteDialect(await openMemoryPglite()), log });
    } else {
      const { PGlite } = await import("@electric-sql/pglite");
      const dir = join(options.dataDir, "pg");
      mkdirSync(options.dataDir, { recursive: true });
      await createClusterIfMissing(dir, EMBEDDED_MEMORY_SETTINGS);
      db = new Kysely<Tables>({ dialect: new PGliteDialect(new PGlite(dir, { postgresqlconf: EMBEDDED_MEMORY_SETTINGS, extensions: await pgliteExtensions() })), log });
    }
  }
  await migrateToLatest(db);
  return db;
}

/**
 * An in-memory PGlite with the embedded settings: empty (initdb), or started from `dataDir`, a
 * data directory dump (tests start from a migrated one instead of running initdb each time).
 */
export async function openMemoryPglite(dataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  return new PGlite({ postgresqlconf: EMBEDDED_MEMORY_SETTINGS, loadDataDir: dataDir, extensions: await pgliteExtensions() });
}

/** pg_trgm, for the trigram indexes of contains filters (projectEndpoint/entries/filterIndexes.ts); loaded when first created. */
async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}
