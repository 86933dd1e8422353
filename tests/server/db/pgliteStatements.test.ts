// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStatementRunner } from "../../../server/db/pgliteStatements";
import { prepared } from "../../../server/db/preparedStatements";
import { migratedPgliteTemplate } from "../testDatabase";
import { seededRandom } from "../../support/seededRandom";

/** Text with what needs escaping somewhere: quotes, backslashes, braces, commas, NULL-like words, emoji. */
function text(next: () => number): string {
  const pieces = ['"', "\\", "{", "}", ",", " ", "NULL", "null", "ä", "😀", "'", "\n", "a", "Z", "0"];
  return Array.from({ length: Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join("");
}

/** One parameter value of each kind the stores send, with the type the statement reads it as. */
function parameter(next: () => number): [unknown, string] {
  switch (Math.floor(next() * 9)) {
    case 0:
      return [text(next), "text"];
    case 1:
      return [Math.round((next() - 0.5) * 2 ** 40), "int8"];
    case 2:
      return [(next() - 0.5) * 10 ** Math.floor(next() * 30 - 15), "float8"];
    case 3:
      return [next() < 0.5, "boolean"];
    case 4:
      return [new Date(Math.floor(next() * 4e12)), "timestamptz"];
    case 5:
      return [Array.from({ length: Math.floor(next() * 5) }, () => (next() < 0.2 ? null : text(next))), "text[]"];
    case 6:
      return [{ [text(next)]: [text(next), next(), next() < 0.5, null, { nested: text(next) }] }, "jsonb"];
    case 7:
      return [JSON.stringify({ kept: text(next) }), "jsonb"];
    default:
      return [null, "text"];
  }
}

describe("PGlite statements sent as one message", () => {
  let pglite: PGlite;
  let run: ReturnType<typeof createStatementRunner>;
  beforeAll(async () => {
    pglite = new PGlite({ loadDataDir: await migratedPgliteTemplate() });
    await pglite.waitReady;
    run = createStatementRunner(pglite);
  });
  afterAll(async () => {
    await pglite?.close();
  });

  it("read every generated parameter as PGlite's own typed query does (800 statements)", async () => {
    const next = seededRandom(20261128);
    for (let i = 0; i < 800; i++) {
      const values = Array.from({ length: 1 + Math.floor(next() * 4) }, () => parameter(next));
      const sql = `select ${values.map(([, type], n) => `$${n + 1}::${type} as v${n}`).join(", ")}`;
      const params = values.map(([value]) => value);
      const ours = await run(sql, params);
      const theirs = await pglite.query(sql, params);
      expect(ours.rows, `${sql} with ${JSON.stringify(params)}`).toEqual(theirs.rows);
    }
  });

  it("report writes and refusals as PGlite does, and go on after a refusal", async () => {
    await run("create temporary table probe (id int primary key, note text)", []);
    expect((await run("insert into probe values ($1, $2), ($3, $4)", [1, "a", 2, "b"])).affectedRows).toBe(2);
    await expect(run("insert into probe values ($1, $2)", [1, "again"])).rejects.toMatchObject({ code: "23505", constraint: "probe_pkey" });
    await expect(run("select nonsense from", [])).rejects.toMatchObject({ code: "42601" });
    expect((await run("select note from probe order by id", [])).rows).toEqual([{ note: "a" }, { note: "b" }]);
  });

  it("parse a statement marked prepared once, under its name, and bind it on every call", async () => {
    const hot = prepared("select $1::int * 2 as twice");
    for (let i = 0; i < 3; i++) expect((await run(hot, [i])).rows).toEqual([{ twice: i * 2 }]);
    expect((await run("select $1::int as other", [7])).rows).toEqual([{ other: 7 }]);
    const kept = await run("select statement from pg_prepared_statements", []);
    expect(kept.rows).toEqual([{ statement: hot }]);
  });
});
