import { spawn } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";

/**
 * PGlite's first start runs initdb in a second PostgreSQL instance inside the same process. The
 * two WebAssembly instances and their compiled code push RSS far up, and glibc keeps most of it
 * after both close, so the server would carry that memory for its whole life. So a new data directory is created by a short-lived child process, which hands all of
 * it back to the system when it exits.
 *
 * The child writes into a sibling directory that is renamed into place only once initdb has
 * finished, so a start interrupted here (kill -9) leaves no half-made cluster behind; the next
 * start clears the leftover and begins again.
 */
export async function createClusterIfMissing(dir: string, postgresqlconf: string[]) {
  if (existsSync(join(dir, "PG_VERSION"))) return;
  const parent = dirname(dir);
  const stagingPrefix = `${basename(dir)}.init-`;
  for (const entry of readdirSync(parent)) {
    if (entry.startsWith(stagingPrefix)) rmSync(join(parent, entry), { recursive: true, force: true });
  }
  const staging = join(parent, `${stagingPrefix}${process.pid}`);
  await runInitdb(staging, postgresqlconf);
  // An empty directory (made by an earlier version before PGlite ran) would block the rename; a
  // directory with files but no cluster is left alone, and the rename then names it.
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(staging, dir);
}

/** The child only opens and closes PGlite on the directory: that is what runs initdb. */
const CHILD_SCRIPT = `
const { PGlite } = require(process.env.PGLITE_ENTRY);
PGlite.create(process.env.PGLITE_DIR, { postgresqlconf: JSON.parse(process.env.PGLITE_CONF) })
  .then((db) => db.close())
  .catch((error) => { console.error(error instanceof Error ? error.message : String(error)); process.exit(1); });
`;

function runInitdb(dir: string, postgresqlconf: string[]) {
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", CHILD_SCRIPT], {
      env: { ...process.env, NODE_OPTIONS: "", PGLITE_ENTRY: pgliteEntry, PGLITE_DIR: dir, PGLITE_CONF: JSON.stringify(postgresqlconf) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Creating the database in ${dir} failed: ${stderr.trim() || `exit code ${code}`}`))));
  });
}
