// @vitest-environment node
import { CompiledQuery, Kysely, PostgresDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgPool } from "../../../server/db/pg-pool";
import { prepared } from "../../../server/db/preparedStatements";
import { createDatabase } from "../harness";

/**
 * The hot statements are prepared by name on each PostgreSQL connection, so PostgreSQL
 * parses and plans them once rather than on every request. Only on the PostgreSQL run; PGlite's
 * side is in pgliteStatements.test.ts.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("statements marked prepared", () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let db: Kysely<Record<string, never>>;
  beforeAll(async () => {
    database = await createDatabase(process.env.TEST_DATABASE_URL!);
    db = new Kysely({ dialect: new PostgresDialect({ pool: await openPgPool(database.url) }) });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("run by name on the connection, which keeps them prepared; other statements stay unnamed", async () => {
    const hot = prepared("select $1::int + 1 as n");
    const kept = await db.connection().execute(async (connection) => {
      for (let i = 0; i < 3; i++) expect((await connection.executeQuery(CompiledQuery.raw(hot, [i]))).rows).toEqual([{ n: i + 1 }]);
      expect((await connection.executeQuery(CompiledQuery.raw("select $1::int as other", [7]))).rows).toEqual([{ other: 7 }]);
      return (await connection.executeQuery(CompiledQuery.raw("select statement from pg_prepared_statements"))).rows;
    });
    expect(kept).toEqual([{ statement: hot }]);
  });
});
