import { sql, type Kysely } from "kysely";

/**
 * pg_trgm comes with PGlite and with PostgreSQL's contrib; a server without it (or a role that
 * may not create it) works without trigram indexes: a contains filter then reads the table's rows.
 */
export async function enableTrigrams(db: Kysely<any>) {
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch {
    // Not installed or not allowed: hasTrigrams says so.
  }
}

export async function hasTrigrams(db: Kysely<any>) {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as found`.execute(db);
  return rows[0]?.found === true;
}
