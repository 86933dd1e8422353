import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * The SRP state between InitiateAuth and RespondToAuthChallenge travels in the SECRET_BLOCK the
 * client echoes back, sealed with AES-256-GCM, so no session table is needed and any server
 * instance can finish a sign-in another one started. The client also signs these bytes.
 */
interface SrpState {
  /** The user's sub, or the simulated id of an unknown username. */
  sub: string;
  /** An unknown username: the challenge is simulated and can only fail. */
  simulated: boolean;
  /** The client's public value, hex. */
  A: string;
  /** The server's secret ephemeral, hex. */
  b: string;
  /** Epoch milliseconds after which the block is refused. */
  exp: number;
}

/** How long a client has to answer the challenge; the library answers within milliseconds. */
export const SECRET_BLOCK_TTL_MS = 5 * 60 * 1000;

export function sealSecretBlock(key: Buffer, state: SrpState): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(state), "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64");
}

/** The state, or null when the block was not sealed by us, was altered, or has expired. */
export function openSecretBlock(key: Buffer, block: string, now = Date.now()): SrpState | null {
  const bytes = Buffer.from(block, "base64");
  if (bytes.length < 12 + 16 + 2) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
    const state = JSON.parse(plain.toString("utf8")) as SrpState;
    return state.exp > now ? state : null;
  } catch {
    return null;
  }
}
