import type { Config } from "../config";
import { openDatabase } from "../db/database";
import { DEFAULT_TOKEN_TTL_SECONDS, rotateSigningKey } from "../auth/keys";
import { lockDataDir } from "./dataDirLock";
import { makeDataDirPrivate } from "./privateFiles";
import { resolveSecretKey } from "./secretKey";

/**
 * `npm run rotate-key`: a new signing key for the built-in sign-in service. The embedded
 * database belongs to one process, so the server must be stopped; with PostgreSQL the servers
 * pick the new key up when restarted.
 */
export async function rotateKeyCommand(config: Config) {
  const secret = resolveSecretKey(config);
  const embedded = !config.databaseUrl && config.dataDir !== "memory://";
  if (embedded) makeDataDirPrivate(config.dataDir);
  const release = embedded ? lockDataDir(config.dataDir) : () => {};
  try {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const kid = await rotateSigningKey(db, secret, { tokenTtlSeconds: DEFAULT_TOKEN_TTL_SECONDS });
      console.log(
        `New signing key ${kid}. Restart the server(s); tokens signed with the old key stay valid until they expire (${DEFAULT_TOKEN_TTL_SECONDS / 60} minutes).`,
      );
    } finally {
      await db.destroy();
    }
  } finally {
    release();
  }
}
