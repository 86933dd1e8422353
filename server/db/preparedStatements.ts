/**
 * Statements the PostgreSQL pool (pg-pool.ts) and PGlite (pgliteStatements.ts) run as named
 * prepared statements: PostgreSQL then parses and plans each once per connection instead of on
 * every call, which is much of a short statement's round trip. For hot statements written out
 * once, whose result columns are all named: a prepared `select *` would fail with "cached plan
 * must not change result type" as soon as another server's migration added a column.
 */
const names = new Map<string, string>();

/** Marks `sql` to be prepared by name on each connection; returns it unchanged. */
export function prepared(sql: string): string {
  if (!names.has(sql)) names.set(sql, `baukasten_${names.size + 1}`);
  return sql;
}

/** The name `sql` is prepared under, or undefined for any other statement. */
export function preparedName(sql: unknown): string | undefined {
  return typeof sql === "string" ? names.get(sql) : undefined;
}
