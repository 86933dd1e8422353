import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * A script that only leases a database and hands it back (as the bench does between its PGlite
 * and PostgreSQL halves) runs to its end: the admin session's socket keeps no process alive, and
 * such a script once ended in the middle of CREATE DATABASE, silently and with status 0.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the test databases in a process with nothing else to do", () => {
  it("leases a database, uses it and hands it back before the process ends", () => {
    const script = `
      const { createDatabase } = await import("./tests/server/testDatabase.ts");
      const database = await createDatabase(process.env.TEST_DATABASE_URL);
      console.log(database.url.includes("/bk_") ? "leased" : "odd url");
      await database.drop();
      console.log("handed back");`;
    // A plain Node process, as the bench is: not one vitest's variables would make a test worker of.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
    const printed = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000, env });
    expect(printed.trim().split("\n")).toEqual(["leased", "handed back"]);
  });
});
