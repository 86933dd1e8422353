import type { Pool, PoolClient } from "pg";
import type { PostgresPool } from "kysely";
import { log } from "../log";
import { preparedName } from "./preparedStatements";

/**
 * A `pg` pool that survives PostgreSQL going away and closes for good when asked.
 *
 * - When PostgreSQL restarts or an administrator ends a session, every client receives an error.
 *   The pool drops such a client and opens a new one on the next query; without 'error'
 *   listeners (on the pool for idle clients, on each client for lent ones) Node would instead
 *   crash the process with an unhandled 'error' event.
 * - `end()` resolves only once every connection is closed, not when pg-pool merely stops
 *   handing them out, so whoever drops the database afterwards finds no session of ours left.
 * - The statements marked `prepared` (preparedStatements.ts) run by name, so each connection
 *   parses and plans them once.
 */
export async function openPgPool(connectionString: string): Promise<PostgresPool> {
  const { default: pg } = await import("pg");
  const pool: Pool = new pg.Pool({ connectionString, max: 10 });
  const open = new Set<PoolClient>();
  let allClosed: (() => void) | undefined;
  pool.on("connect", (client) => {
    open.add(client);
    // A client lent out when its connection breaks: the query it runs fails with this error and
    // the pool discards the client on release; the listener only keeps Node from crashing.
    client.on("error", () => {});
    runPreparedByName(client);
  });
  pool.on("remove", (client) => {
    open.delete(client);
    if (open.size === 0) allClosed?.();
  });
  pool.on("error", (error) => log.error("PostgreSQL closed an idle connection; the pool opens a new one when needed:", error));
  return {
    connect: () => pool.connect(),
    async end() {
      const closed = new Promise<void>((resolve) => (allClosed = resolve));
      await pool.end();
      if (open.size > 0) await closed;
    },
  };
}

/** Kysely calls `query(sql, parameters)`; a marked statement goes to pg as `{ name, text, values }`. */
function runPreparedByName(client: PoolClient) {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: PoolClient, text: unknown, values?: unknown, callback?: unknown) {
    const name = preparedName(text);
    return name ? query.call(this, { name, text, values }, callback) : query.call(this, text, values, callback);
  } as PoolClient["query"];
}
