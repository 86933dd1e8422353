import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../config";
import { StartupError } from "./dataDirLock";
import { readOrCreateSecretFile } from "./privateFiles";

/** In-memory databases live as long as the process, and so does their secret. */
const processSecret = randomBytes(32);

/**
 * The secret that never goes into the database: SECRET_KEY, or (embedded default only) a key
 * file in the data directory next to, not inside, the PGlite files. It encrypts the private
 * signing keys and derives the other symmetric keys, so a database dump alone signs nothing.
 */
export function resolveSecretKey(config: Config): Buffer {
  if (config.secretKey) return Buffer.from(config.secretKey, "utf8");
  if (config.databaseUrl) {
    throw new StartupError("SECRET_KEY must be set when DATABASE_URL is set (it encrypts the signing keys kept in the database).");
  }
  if (config.dataDir === "memory://") return processSecret;
  return Buffer.from(readOrCreateSecretFile(config.dataDir, "secret.key", () => randomBytes(32).toString("base64url")), "utf8");
}

/** A 32-byte key for one purpose, so no two uses share key material. */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "baukasten", purpose, 32));
}

/** AES-256-GCM; `context` (e.g. the key id) must match on opening, so sealed values cannot be swapped. */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** Throws when the key or the context is wrong or the value was altered. */
export function open(key: Buffer, sealed: string, context: string): string {
  const raw = Buffer.from(sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12)).setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
