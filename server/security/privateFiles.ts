import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The data directory holds the database, the mailbox secret and the key that unlocks the
 * signing keys: only the server's own user may read it (0700, files 0600).
 */
export function makeDataDirPrivate(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictTree(dataDir);
}

/** Directories and files created by earlier versions (0755/0644 or worse) are tightened too. */
function restrictTree(path: string) {
  chmodSync(path, 0o700);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) restrictTree(child);
    else if (entry.isFile()) chmodSync(child, 0o600);
  }
}

/**
 * A secret kept in one file of the data directory: read if it exists, otherwise created with
 * `generate()` (exclusively, so two first starts cannot write different secrets).
 */
export function readOrCreateSecretFile(dataDir: string, name: string, generate: () => string): string {
  const path = join(dataDir, name);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, generate(), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(path, "utf8").trim();
}
