import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/database";

// a new data directory is made by a child process (RSS), and a start that was
// killed while making it must not leave a half-made cluster that the next start trusts.
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// The embedded database's own start-up: the PGlite stage covers it, PostgreSQL has nothing to add.
it.skipIf(process.env.TEST_DATABASE_URL)("a start after an interrupted first start creates the database anew and clears the leftover", { timeout: 180_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "baukasten-initdb-"));
  dirs.push(dataDir);
  // What a kill -9 during initdb leaves: a staging directory with some of the cluster's files.
  mkdirSync(join(dataDir, "pg.init-99999", "base"), { recursive: true });
  writeFileSync(join(dataDir, "pg.init-99999", "postgresql.conf"), "# partial\n");

  const db = await openDatabase({ dataDir });
  try {
    const tables = await db.selectFrom("orgs").select("id").execute();
    expect(tables).toEqual([]);
  } finally {
    await db.destroy();
  }
  expect(existsSync(join(dataDir, "pg", "PG_VERSION"))).toBe(true);
  expect(readdirSync(dataDir).filter((entry) => entry.startsWith("pg.init-"))).toEqual([]);
});
