import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { DATA_TEMPLATE_ENV, PlatformProcess, serverPort } from "./platform";
import { pruneOldTemplates, TEMPLATES_DIR } from "../support/testTemplates";

/**
 * Once per run, before any worker starts: a data directory the built server has created and
 * migrated, which every e2e server then starts from as a copy (platform.ts). A first start on an
 * empty directory runs initdb and every migration, many times the CPU of a start on a ready one,
 * and a run starts a dozen servers. Kept in the temporary directory under the hash of the server
 * bundle and PGlite's version, so a run on an unchanged build reuses it. Workers inherit the
 * environment set here.
 */
export default async function globalSetup() {
  pruneOldTemplates();
  const dir = TEMPLATES_DIR;
  const path = join(dir, `e2e-data-${buildHash()}`);
  // Used again: it is recent, so no other run prunes it while this one copies it.
  if (existsSync(path)) utimesSync(path, new Date(), new Date());
  else {
    const platform = new PlatformProcess(await serverPort(0));
    await platform.start();
    await platform.stop();
    mkdirSync(dir, { recursive: true });
    // Renamed into place whole: a parallel run never copies half a directory.
    try {
      renameSync(platform.dataDir, path);
    } catch {
      // Another run made it first; theirs is as good as ours.
      platform.dispose();
    }
  }
  process.env[DATA_TEMPLATE_ENV] = path;
}

function buildHash(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url)));
  hash.update(readFileSync(new URL("../../dist/server/index.mjs", import.meta.url)));
  return hash.digest("hex").slice(0, 16);
}

