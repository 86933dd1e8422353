import { hkdfSync, randomUUID } from "node:crypto";
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from "jose";
import type { Db } from "../db/database";

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface AuthKeys {
  signing: SigningKey;
  /** Every stored public key, served at the JWKS address. */
  jwks: JSONWebKeySet;
  /** The same keys as a jose key resolver, for verifying our own tokens without HTTP. */
  verificationKeys: ReturnType<typeof createLocalJWKSet>;
  /** Symmetric keys, derived from the signing key, one per use. */
  secretBlockKey: Buffer;
  codeKey: Buffer;
  /** Makes the simulated salt and id of an unknown username stable, like a real user's. */
  unknownUserKey: Buffer;
}

/**
 * Loads the RSA signing key, creating it on first start. The oldest key wins, so servers that
 * start together on an empty database settle on the same key. The symmetric secrets are derived
 * from it with HKDF, which leaves one secret to guard, back up and (some day) rotate.
 */
export async function loadKeys(db: Db): Promise<AuthKeys> {
  let rows = await storedKeys(db);
  if (rows.length === 0) {
    await createKey(db);
    rows = await storedKeys(db);
  }
  const [oldest] = rows;
  const privateJwk = oldest.private_jwk as JWK;
  const privateKey = (await importJWK(privateJwk, "RS256")) as CryptoKey;
  const master = Buffer.from(String(privateJwk.d), "base64url");
  const jwks = { keys: rows.map((row) => row.public_jwk as JWK) };
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", master, "baukasten-auth", purpose, 32));
  return {
    signing: { kid: oldest.kid, privateKey },
    jwks,
    verificationKeys: createLocalJWKSet(jwks),
    secretBlockKey: derive("srp-secret-block"),
    codeKey: derive("verification-codes"),
    unknownUserKey: derive("unknown-users"),
  };
}

function storedKeys(db: Db) {
  return db.selectFrom("auth_keys").selectAll().orderBy("created_at").orderBy("kid").execute();
}

async function createKey(db: Db) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  await db
    .insertInto("auth_keys")
    .values({
      kid,
      private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: "RS256" }),
      public_jwk: JSON.stringify(publicJwk),
    })
    .execute();
}
