/**
 * The first-lines mark of a server test file that opens no PostgreSQL database (pure functions,
 * or a PGlite of its own): the postgres project skips it (vitest.config.ts), since it would run
 * the same code a second time there. Without imports: the vitest config reads it.
 */
export const POSTGRES_FREE_MARK = /^\/\/ Opens no PostgreSQL database/m;
