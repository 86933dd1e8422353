import { mkdirSync } from "node:fs";
import { readConfig } from "./config";
import { createPlatform } from "./app";
import { log } from "./log";
import { assertPortFree } from "./listen";
import { lockDataDir, StartupError } from "./security/dataDirLock";
import { makeDataDirPrivate } from "./security/privateFiles";
import { resolveSecretKey } from "./security/secretKey";
import { rotateKeyCommand } from "./security/rotateKeyCommand";

/** `npm start` entry: one process on one port. `rotate-key` as argument rotates the signing key. */
async function main() {
  const config = readConfig();
  // Everything the server creates (database files, secrets) is readable by its own user only.
  process.umask(0o077);
  if (process.argv[2] === "rotate-key") return rotateKeyCommand(config);
  if (config.databaseUrl) resolveSecretKey(config);

  // The port first, then the data directory: a second start must fail before it opens any file.
  await assertPortFree(config.host, config.port).catch(portInUse(config.port));
  const embedded = !config.databaseUrl && config.dataDir !== "memory://";
  if (embedded) mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = embedded ? lockDataDir(config.dataDir) : () => {};
  if (embedded) makeDataDirPrivate(config.dataDir);

  const platform = await createPlatform(config);
  await platform.listen().catch(async (error) => {
    await platform.db.destroy();
    releaseLock();
    return portInUse(config.port)(error);
  });
  // PGlite sets the mode of some files it writes at start-up itself (0644), so once more; the
  // 0700 directory keeps later ones out of reach of other users anyway.
  if (embedded) makeDataDirPrivate(config.dataDir);
  log.info(`Baukasten is running on http://localhost:${config.port} (data: ${config.databaseUrl ? "PostgreSQL" : config.dataDir})`);
  if (platform.mailboxLink) log.info(`Mailbox: ${platform.mailboxLink}`);
  const stop = async () => {
    await platform.close();
    releaseLock();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

function portInUse(port: number) {
  return (error: unknown): never => {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new StartupError(`Port ${port} is already in use. Stop the other process or set PORT to a free port.`);
    }
    throw error;
  };
}

main().catch((error) => {
  if (error instanceof StartupError) console.error(error.message);
  else console.error("Baukasten could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
