import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The checkout page is opened by a browser navigation, which carries no access token. Its
 * address therefore carries a capability: an HMAC over the checkout and the member who asked for
 * it, valid as long as the checkout. The page checks it and, on paying, that this member still
 * belongs to the checkout's workspace. Nothing of it is stored.
 */
export interface CheckoutPayer {
  sessionId: string;
  sub: string;
  email: string;
  expiresAt: number;
}

const encode = (payer: CheckoutPayer) => Buffer.from(JSON.stringify([payer.sessionId, payer.sub, payer.email, payer.expiresAt])).toString("base64url");

export function signCheckout(key: Buffer, payer: CheckoutPayer): string {
  const body = encode(payer);
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

/** The payer a token names, or null when it is forged, for another checkout or expired. */
export function verifyCheckout(key: Buffer, token: string, sessionId: string, now = Date.now()): CheckoutPayer | null {
  const [body, mac] = token.split(".");
  if (!body || !mac) return null;
  const expected = createHmac("sha256", key).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [id, sub, email, expiresAt] = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as [string, string, string, number];
    if (id !== sessionId || typeof expiresAt !== "number" || expiresAt <= now) return null;
    return { sessionId: id, sub, email, expiresAt };
  } catch {
    return null;
  }
}
