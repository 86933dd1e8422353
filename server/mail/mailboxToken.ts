import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "../config";
import { readOrCreateSecretFile } from "../security/privateFiles";

const COOKIE = "baukasten_mailbox";

/**
 * The local mailbox shows sign-up and password-reset codes, so reading it takes a secret:
 * MAILBOX_TOKEN, or one generated on first start and kept in the data directory.
 */
export function resolveMailboxToken(config: Config): string {
  if (config.mailboxToken) return config.mailboxToken;
  const generate = () => randomBytes(24).toString("base64url");
  if (config.dataDir === "memory://") return generate();
  return readOrCreateSecretFile(config.dataDir, "mailbox-token", generate);
}

/** The token a request carries: `?token=`, `Authorization: Bearer`, or the cookie set by the link. */
export function presentedToken(request: Request): string | null {
  const fromQuery = new URL(request.url).searchParams.get("token");
  if (fromQuery) return fromQuery;
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (bearer) return bearer.trim();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return value.join("=");
  }
  return null;
}

export function tokenMatches(presented: string | null, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Opening the printed link once is enough: the page keeps working through this cookie. */
export function mailboxCookie(token: string): string {
  return `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}
