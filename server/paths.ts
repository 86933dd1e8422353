import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, found from this file whether it runs from source or from dist/. */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server");
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
export const SCHEMA_PATH = join(PROJECT_ROOT, "schema.graphql");
/** The console's compiled operations by id (relay.config.json persistConfig). */
export const PERSISTED_QUERIES_PATH = join(PROJECT_ROOT, "persisted-queries.json");
/** The console's compiled operations on a project's own endpoint (relay.config.json project "project"). */
export const PROJECT_PERSISTED_QUERIES_PATH = join(PROJECT_ROOT, "persisted-queries.project.json");
export const CONSOLE_DIST = join(PROJECT_ROOT, "dist", "console");
