import { LRUCache } from "lru-cache";
import type { VerifiedToken } from "./index";
import type { CredentialChange } from "../pubsub";

/** Enough for every token signed in at once on a busy instance; older ones are verified again. */
const MAX_TOKENS = 10_000;

/**
 * Access tokens already verified, so an API request needs neither the RS256 check nor the
 * database round trip for its sign-in session. Exact: every place that ends a session
 * or changes what a token stands for (its user's email) calls `sessionsEnded`/`userChanged` once
 * committed, which drops the affected tokens before the answer to that call leaves. A check that
 * was already reading the database meanwhile may have read the old state, so nothing verified
 * across such a change is remembered (`changes` counts them).
 */
export function createVerifiedTokenCache(
  now: () => number = Date.now,
  /** Told of every ended sign-in and changed user too, for what else holds their tokens (open sockets). */
  announce: (change: CredentialChange) => void = () => {},
  /**
   * False when other servers share the database: a sign-out through one of them is told to no
   * cache here, so every token's sign-in is read from the database again on each request.
   */
  remember = true,
) {
  const tokens = new LRUCache<string, VerifiedToken & { validUntil: number }>({ max: MAX_TOKENS });
  let changes = 0;

  const dropWhere = (matches: (entry: VerifiedToken) => boolean) => {
    changes++;
    for (const [token, entry] of tokens.entries()) if (matches(entry)) tokens.delete(token);
  };

  const remembered = (token: string): VerifiedToken | undefined => {
    const entry = tokens.get(token);
    if (!entry) return undefined;
    if (entry.validUntil <= now()) {
      tokens.delete(token);
      return undefined;
    }
    // Everything the verification answered (a project user's groups too), not only who it is.
    const { validUntil: _, ...verified } = entry;
    return verified;
  };

  return {
    /**
     * Verifies a token not seen yet with `verify` and remembers the answer until `validUntil`
     * (the token's or its session's expiry, whichever comes first).
     */
    async verifyOnce(
      token: string,
      verify: () => Promise<{ verified: VerifiedToken; validUntil: number } | null>,
    ): Promise<VerifiedToken | null> {
      if (!remember) return (await verify())?.verified ?? null;
      const cached = remembered(token);
      if (cached) return cached;
      const changesBefore = changes;
      const answer = await verify();
      if (!answer) return null;
      if (changes === changesBefore) tokens.set(token, { ...answer.verified, validUntil: answer.validUntil });
      return answer.verified;
    },
    sessionsEnded(sessionIds: Iterable<string>) {
      const ended = new Set(sessionIds);
      if (ended.size === 0) return;
      dropWhere((entry) => ended.has(entry.session.id));
      announce({ kind: "sessionsEnded", sessionIds: [...ended] });
    },
    /** All of the user's sessions ended, or the user's email changed. */
    userChanged(sub: string) {
      dropWhere((entry) => entry.sub === sub);
      announce({ kind: "userChanged", sub });
    },
  };
}

export type VerifiedTokenCache = ReturnType<typeof createVerifiedTokenCache>;
