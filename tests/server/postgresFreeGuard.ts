import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { POSTGRES_FREE_MARK } from "./postgresFreeMark";

/**
 * Throws in a file with the mark: a test database opened there would never be tested on PostgreSQL.
 * Outside vitest (`npm run bench` starts platforms through the harness) there is no test file.
 */
export function refuseInPostgresFreeFile() {
  if (!process.env.VITEST) return;
  const path = expect.getState().testPath;
  if (path && POSTGRES_FREE_MARK.test(readFileSync(path, "utf8"))) {
    throw new Error(`${path} opens a test database but is marked "Opens no PostgreSQL database": remove the mark`);
  }
}
