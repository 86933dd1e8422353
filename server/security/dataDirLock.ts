import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";

/** Exits start-up with one line; main() prints the message alone. */
export class StartupError extends Error {}

/**
 * One server per data directory: two PGlite instances on the same files lose each other's
 * writes. The lock is a file holding the owner's pid, created exclusively; a lock whose process
 * is gone (kill -9, a crash, a reboot) is stale and taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, "server.pid");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx", mode: 0o600 });
      return () => releaseIfOurs(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(readFileSync(path, "utf8").trim());
    if (isRunning(owner)) {
      throw new StartupError(`Another Baukasten server is using ${shownPath(dataDir)} (pid ${owner})`);
    }
    unlinkStale(path, owner);
  }
  throw new StartupError(`Could not lock the data directory ${dataDir}`);
}

/** Our own pid in the file means a previous run with the same pid (a container's pid 1) died. */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the stale file only if it still names the dead owner (another starter may have won). */
function unlinkStale(path: string, owner: number) {
  try {
    if (Number(readFileSync(path, "utf8").trim()) === owner) unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function releaseIfOurs(path: string) {
  try {
    if (readFileSync(path, "utf8").trim() === String(process.pid)) unlinkSync(path);
  } catch {
    // Already gone: nothing to release.
  }
}

/** `.data` rather than /home/…/.data when the directory is below the working directory. */
function shownPath(dataDir: string) {
  const below = relative(process.cwd(), dataDir);
  return below && !below.startsWith("..") && !isAbsolute(below) ? below : dataDir;
}
