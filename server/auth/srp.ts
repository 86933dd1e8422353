import { createDiffieHellman, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { bigIntModPow } from "../../src/domain/modPow";

/*
 * Server side of Cognito's SRP-6a variant, byte for byte as amazon-cognito-identity-js computes
 * it (AuthenticationHelper.js). The library hashes hex strings as bytes and pads numbers with
 * `padHex`, so every value here goes through the same helpers or the proofs will not match.
 */

/** The 3072-bit prime of RFC 3526/5054; g = 2. */
export const N = BigInt(
  "0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD" +
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED" +
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F" +
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B" +
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510" +
    "15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7" +
    "ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C" +
    "BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF",
);
const g = 2n;

/** Even-length hex, with a leading 00 when the top bit is set (Java's toByteArray, as the library does). */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const hexHash = (hex: string) => sha256(Buffer.from(hex, "hex"));
const toBigInt = (bytes: Buffer) => BigInt(`0x${bytes.toString("hex") || "0"}`);

/** k = H(padHex(N) ‖ padHex(g)), not the RFC form (which pads g to the length of N). */
export const k = toBigInt(hexHash(padHex(N) + padHex(g)));

/**
 * base^exponent mod N in OpenSSL (several times faster than BigInt): a Diffie-Hellman key with
 * `exponent` as its private key computes base^exponent mod N as the secret shared with `base`.
 * Sign-ins of every test and of every user go through here. One object, used synchronously.
 */
const groupN = createDiffieHellman(Buffer.from(N.toString(16), "hex"), Buffer.from([2]));
function modPowN(base: bigint, exponent: bigint): bigint {
  groupN.setPrivateKey(Buffer.from(padHex(exponent), "hex"));
  return toBigInt(groupN.computeSecret(Buffer.from(padHex(base), "hex")));
}

/**
 * modPowN where OpenSSL takes the numbers (it refuses a base outside 2..N-2 as a public key),
 * else plain square-and-multiply on BigInt. Not constant-time, which is acceptable here: the
 * secret exponents are a fresh random b per sign-in and x only at password changes.
 */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  const reduced = base % modulus;
  if (modulus === N && exponent > 0n && reduced > 1n && reduced < N - 1n) return modPowN(reduced, exponent);
  return bigIntModPow(reduced, exponent, modulus);
}

/** Parses a client-sent hex number; null when it is not hex. */
export function parseHex(hex: string): bigint | null {
  return /^[0-9a-fA-F]{1,1024}$/.test(hex) ? BigInt(`0x${hex}`) : null;
}

export function randomSalt(): string {
  return randomBytes(16).toString("hex");
}

/** x = H(padHex(salt) ‖ H(poolName ‖ userId ‖ ":" ‖ password)). */
function passwordExponent(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = sha256(`${poolName}${userId}:${password}`).toString("hex");
  return toBigInt(hexHash(padHex(BigInt(`0x${saltHex}`)) + inner));
}

/** v = g^x mod N, stored instead of the password. */
export function computeVerifier(poolName: string, userId: string, password: string, saltHex: string): string {
  return modPow(g, passwordExponent(poolName, userId, password, saltHex), N).toString(16);
}

/** Whether a plaintext password (ChangePassword sends the old one) yields the stored verifier. */
export function passwordMatches(poolName: string, userId: string, password: string, saltHex: string, verifierHex: string) {
  const actual = Buffer.from(padHex(BigInt(`0x${computeVerifier(poolName, userId, password, saltHex)}`)), "hex");
  const expected = Buffer.from(padHex(BigInt(`0x${verifierHex}`)), "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** 256 random bits: an exponent of twice the group's 128-bit security level. */
export function randomEphemeral(): bigint {
  return toBigInt(randomBytes(32));
}

/** B = (k·v + g^b) mod N. */
export function serverPublic(verifierHex: string, b: bigint): bigint {
  return (k * BigInt(`0x${verifierHex}`) + modPow(g, b, N)) % N;
}

/**
 * The PASSWORD_CLAIM_SIGNATURE an honest client computes:
 * HMAC(key, poolName ‖ userId ‖ secretBlock ‖ timestamp), where key is the HKDF of the shared
 * secret S = (A·v^u)^b. Returns null for the degenerate u = 0, which never signs in.
 */
export function expectedSignature(input: {
  poolName: string;
  userId: string;
  A: bigint;
  b: bigint;
  verifierHex: string;
  secretBlock: string;
  timestamp: string;
}): Buffer | null {
  const B = serverPublic(input.verifierHex, input.b);
  const u = toBigInt(hexHash(padHex(input.A) + padHex(B)));
  if (u === 0n) return null;
  const v = BigInt(`0x${input.verifierHex}`);
  const S = modPow((input.A * modPow(v, u, N)) % N, input.b, N);
  const prk = createHmac("sha256", Buffer.from(padHex(u), "hex")).update(Buffer.from(padHex(S), "hex")).digest();
  const key = createHmac("sha256", prk)
    .update(Buffer.concat([Buffer.from("Caldera Derived Key", "utf8"), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
  return createHmac("sha256", key)
    .update(
      Buffer.concat([
        Buffer.from(input.poolName, "utf8"),
        Buffer.from(input.userId, "utf8"),
        Buffer.from(input.secretBlock, "base64"),
        Buffer.from(input.timestamp, "utf8"),
      ]),
    )
    .digest();
}

/** The library's `ddd MMM D HH:mm:ss UTC YYYY`, day not zero-padded (Cognito refuses "Sep 05"). */
const TIMESTAMP = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d UTC \d{4}$/;

export function isValidTimestamp(timestamp: string): boolean {
  return TIMESTAMP.test(timestamp);
}
