import { randomUUID } from "node:crypto";
import { sql } from "kysely";
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
import { deriveKey, open, seal } from "../security/secretKey";

/** Lifetime of id and access tokens unless a test sets another. */
export const DEFAULT_TOKEN_TTL_SECONDS = 60 * 60;

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface AuthKeys {
  signing: SigningKey;
  /** The public keys tokens may still carry: the signing key and recently retired ones. */
  readonly jwks: JSONWebKeySet;
  /** The same keys as a jose key resolver, for verifying our own tokens without HTTP. */
  readonly verificationKeys: ReturnType<typeof createLocalJWKSet>;
  /** Symmetric keys, derived from the secret outside the database, one per use. */
  secretBlockKey: Buffer;
  codeKey: Buffer;
  /** Makes the simulated salt and id of an unknown username stable, like a real user's. */
  unknownUserKey: Buffer;
}

/**
 * What the private_jwk column holds: the private JWK sealed with the secret key (never the
 * plain key), and when a rotation retired it.
 */
interface StoredPrivateKey {
  sealed: string;
  retiredAt?: string;
}

/**
 * Loads the RSA signing key, creating it on first start. The oldest key not retired signs, so
 * servers that start together on an empty database settle on the same key. Retired keys stay in
 * the JWKS until the tokens they signed have expired (`tokenTtlSeconds`).
 */
export async function loadKeys(db: Db, secret: Buffer, options: { tokenTtlSeconds: number; newKeyPair?: NewKeyPair }): Promise<AuthKeys> {
  const sealingKey = deriveKey(secret, "signing-keys");
  await sealPlainKeys(db, sealingKey);
  let rows = await storedKeys(db);
  if (!rows.some((row) => !stored(row).retiredAt)) {
    await createKey(db, sealingKey, options.newKeyPair);
    rows = await storedKeys(db);
  }
  const active = rows.find((row) => !stored(row).retiredAt)!;
  // A wrong SECRET_KEY fails here, at start-up, rather than on the first sign-in.
  const privateJwk = JSON.parse(open(sealingKey, stored(active).sealed, active.kid)) as JWK;
  const privateKey = (await importJWK(privateJwk, "RS256")) as CryptoKey;

  const keptUntil = (row: (typeof rows)[number]) => {
    const retiredAt = stored(row).retiredAt;
    return retiredAt ? Date.parse(retiredAt) + options.tokenTtlSeconds * 1000 : Infinity;
  };
  let cached: { kids: string; jwks: JSONWebKeySet; resolver: ReturnType<typeof createLocalJWKSet> } | undefined;
  const current = () => {
    const live = rows.filter((row) => keptUntil(row) > Date.now());
    const kids = live.map((row) => row.kid).join();
    if (cached?.kids !== kids) {
      const jwks = { keys: live.map((row) => row.public_jwk as JWK) };
      cached = { kids, jwks, resolver: createLocalJWKSet(jwks) };
    }
    return cached;
  };
  return {
    signing: { kid: active.kid, privateKey },
    get jwks() {
      return current().jwks;
    },
    get verificationKeys() {
      return current().resolver;
    },
    secretBlockKey: deriveKey(secret, "srp-secret-block"),
    codeKey: deriveKey(secret, "verification-codes"),
    unknownUserKey: deriveKey(secret, "unknown-users"),
  };
}

/**
 * Retires every current key and creates a new signing key. Servers pick it up when they start;
 * the retired keys keep verifying tokens until those expire, then disappear.
 */
export async function rotateSigningKey(db: Db, secret: Buffer, options: { tokenTtlSeconds: number }) {
  const sealingKey = deriveKey(secret, "signing-keys");
  await sealPlainKeys(db, sealingKey);
  return db.transaction().execute(async (tx) => {
    await sql`delete from auth_keys where (private_jwk->>'retiredAt')::timestamptz < now() - make_interval(secs => ${options.tokenTtlSeconds})`.execute(tx);
    await sql`update auth_keys set private_jwk = private_jwk || jsonb_build_object('retiredAt', now()) where private_jwk->>'retiredAt' is null`.execute(tx);
    return createKey(tx as unknown as Db, sealingKey);
  });
}

function stored(row: { private_jwk: unknown }): StoredPrivateKey {
  return row.private_jwk as StoredPrivateKey;
}

function storedKeys(db: Db) {
  return db.selectFrom("auth_keys").selectAll().orderBy("created_at").orderBy("kid").execute();
}

/** Databases from before encryption at rest hold plain JWKs; they are sealed on the first start. */
async function sealPlainKeys(db: Db, sealingKey: Buffer) {
  for (const row of await storedKeys(db)) {
    const jwk = row.private_jwk as JWK;
    if (typeof jwk.d !== "string") continue;
    const value: StoredPrivateKey = { sealed: seal(sealingKey, JSON.stringify(jwk), row.kid) };
    await db.updateTable("auth_keys").set({ private_jwk: JSON.stringify(value) }).where("kid", "=", row.kid).execute();
  }
}

/**
 * Makes the key pair a new signing key gets: a fresh RSA pair. Tests, which start hundreds of
 * platforms, may hand out one they made before: making an RSA pair costs more than a test start.
 */
export type NewKeyPair = () => Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }>;

export const newRsaKeyPair: NewKeyPair = () => generateKeyPair("RS256", { modulusLength: 2048, extractable: true });

async function createKey(db: Db, sealingKey: Buffer, newKeyPair: NewKeyPair = newRsaKeyPair): Promise<string> {
  const { privateKey, publicKey } = await newKeyPair();
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256" };
  const value: StoredPrivateKey = { sealed: seal(sealingKey, JSON.stringify(privateJwk), kid) };
  await db
    .insertInto("auth_keys")
    .values({ kid, private_jwk: JSON.stringify(value), public_jwk: JSON.stringify(publicJwk) })
    .execute();
  return kid;
}
