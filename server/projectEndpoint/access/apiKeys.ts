import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Tables } from "../../db/tables";
import type { DbOrTx } from "../../db/database";
import { deriveKey, open, seal } from "../../security/secretKey";
import type { CreateDefaultApiKey } from "../contract";
import { API_KEY_DEFAULT_DAYS } from "../../../src/domain/apiKeys";

const DAY_MS = 86_400_000;

/** The lookup form of a key: a leak of the table alone authenticates nobody. */
export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** AppSync-like keys: a prefix to recognise them, 32 random bytes. */
const newKey = () => `da2-${randomBytes(32).toString("base64url")}`;

/**
 * A project's API keys. Each key is kept twice: hashed, to find the caller's key without the
 * key itself, and sealed with a key derived from the server secret, because the console shows a
 * key again (spec §3 "API key entry: id, key, …"). A database dump alone reveals no key.
 */
export function createApiKeys(secret: Buffer) {
  const sealingKey = deriveKey(secret, "project-api-keys");

  async function insertKey(db: DbOrTx, apiId: string, options: { description?: string | null; expiresAt?: Date } = {}) {
    const id = randomUUID();
    const key = newKey();
    const now = Date.now();
    const row = await db
      .insertInto("project_api_keys")
      .values({
        id,
        api_id: apiId,
        key_hash: hashApiKey(key),
        sealed_key: seal(sealingKey, key, id),
        description: options.description ?? null,
        expires_at: options.expiresAt ?? new Date(now + API_KEY_DEFAULT_DAYS * DAY_MS),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, key };
  }

  /** Publishing calls this on a project's first publish, in its PUBLISHED transaction. */
  const createDefaultApiKey: CreateDefaultApiKey = async (tx: Kysely<Tables>, apiId) => {
    const { id } = await insertKey(tx, apiId, { description: "Default" });
    return { id };
  };

  /** The key in plain text, for those allowed to see it. */
  const reveal = (row: { id: string; sealed_key: string }) => open(sealingKey, row.sealed_key, row.id);

  return { insertKey, createDefaultApiKey, reveal };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;
