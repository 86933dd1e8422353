import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect, type Transaction } from "kysely";
import type { Tables } from "./tables";
import { migrateToLatest } from "./migrations";
import { openPgPool } from "./pg-pool";

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;
/** Either the database or an open transaction: stores accept both. */
export type DbOrTx = Db | Tx;

/**
 * PostgreSQL through `pg` when a URL is given, otherwise PGlite with its files in the data
 * directory (or in memory for `memory://`). Migrations run before the handle is returned.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  let db: Db;
  if (options.databaseUrl) {
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: await openPgPool(options.databaseUrl) }) });
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PGliteDialect } = await import("./pglite-dialect");
    let pglite;
    if (options.dataDir === "memory://") {
      pglite = new PGlite();
    } else {
      const dir = join(options.dataDir, "pg");
      mkdirSync(dir, { recursive: true });
      pglite = new PGlite(dir);
    }
    db = new Kysely<Tables>({ dialect: new PGliteDialect(pglite) });
  }
  await migrateToLatest(db);
  return db;
}
