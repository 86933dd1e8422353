import { readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where the test runs keep their migrated databases, named by the hash of what shapes them. */
export const TEMPLATES_DIR = join(tmpdir(), "baukasten-test-templates");

/** A template not used for this long belongs to an old build: each is tens of megabytes. */
const UNUSED_FOR_MS = 6 * 60 * 60 * 1000;

/**
 * Removes templates no run has made for a while. A run that keeps its build reuses its template
 * (made in the last hours); parallel runs of other builds made theirs recently too.
 */
export function pruneOldTemplates(now = Date.now()) {
  let names: string[];
  try {
    names = readdirSync(TEMPLATES_DIR);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(TEMPLATES_DIR, name);
    try {
      if (now - statSync(path).mtimeMs > UNUSED_FOR_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another run removed or is renaming it.
    }
  }
}
