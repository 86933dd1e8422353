import { sql } from "kysely";
import type { Db, DbOrTx } from "./database";
import { log } from "../log";

/** How often the embedded database's statistics are checked: a fresh import is planned well within seconds. */
const CHECK_INTERVAL_MS = 2_000;

/**
 * An analysis holds the embedded database's only connection, so writes wait for it: a table is
 * analyzed again only after this many times as long as its last analysis took, which keeps
 * statistics to about a tenth of the database's time while an import or a bulk create grows the
 * table faster than each analysis ends.
 */
const PAUSE_PER_ANALYZE_TIME = 9;

/**
 * PGlite runs PostgreSQL without its autovacuum launcher, so no table is ever analyzed and the
 * planner guesses: after a large import, a data page's first entries were read through the
 * wrong index and the whole table sorted to find them. This does what autovacuum's analyze would — a table whose rows changed
 * by more than 50 + 10% since it was last analyzed is analyzed — on the embedded database only;
 * PostgreSQL's own autovacuum does it there. Returns the stop, which waits for a run in flight.
 */
export function startAutoAnalyze(db: Db, intervalMs = CHECK_INTERVAL_MS) {
  let run: Promise<void> | null = null;
  let stopped = false;
  const notBefore = new Map<string, number>();
  const check = async () => {
    // Autovacuum's default threshold (autovacuum_analyze_threshold 50, scale factor 0.1).
    const { rows } = await sql<{ relname: string }>`select relname from pg_stat_user_tables where n_mod_since_analyze > 50 + 0.1 * n_live_tup`.execute(db);
    for (const { relname } of rows) {
      if (stopped) return;
      if ((notBefore.get(relname) ?? 0) > performance.now()) continue;
      const started = performance.now();
      await analyzeTable(db, relname);
      const ended = performance.now();
      notBefore.set(relname, ended + (ended - started) * PAUSE_PER_ANALYZE_TIME);
    }
  };
  const timer = setInterval(() => {
    // One check at a time: analyzing a large table may take longer than the interval.
    run ??= check()
      .catch((error: unknown) => log.error("analyzing the embedded database failed", error))
      .finally(() => (run = null));
  }, intervalMs).unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await run;
  };
}

/** Analyzes a table now, as the embedded database's auto-analyze and PostgreSQL's autovacuum do after a large write. */
export async function analyzeTable(db: DbOrTx, relname: string) {
  await sql`analyze ${sql.id(relname)}`.execute(db);
}
