// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { describe, expect, it } from "vitest";
import { createVerifiedTokenCache } from "../../../server/auth/verifiedTokens";

/*
 * Verified access tokens are remembered so API requests skip the signature check and
 * the session lookup, yet "revocation checked without a database round trip per request" must
 * stay exact.
 */
const alice = { sub: "a", email: "alice@example.com", session: { id: "s1", expiresAt: 10_000 } };

function counted(answer: typeof alice & { groups?: string[] }) {
  const calls = { count: 0 };
  const verify = async () => {
    calls.count++;
    return { verified: answer, validUntil: 5_000 };
  };
  return { calls, verify };
}

describe("verified token cache", () => {
  it("verifies a token once and answers from memory until it is no longer valid", async () => {
    let now = 1_000;
    const cache = createVerifiedTokenCache(() => now);
    const { calls, verify } = counted(alice);
    expect(await cache.verifyOnce("t", verify)).toEqual(alice);
    expect(await cache.verifyOnce("t", verify)).toEqual(alice);
    expect(calls.count).toBe(1);
    now = 5_000;
    await cache.verifyOnce("t", verify);
    expect(calls.count).toBe(2);
  });

  it("answers from memory with everything verified, a project user's groups included", async () => {
    const cache = createVerifiedTokenCache(() => 1_000);
    const editor = { ...alice, groups: ["editors"] };
    const { calls, verify } = counted(editor);
    expect(await cache.verifyOnce("t", verify)).toEqual(editor);
    expect(await cache.verifyOnce("t", verify)).toEqual(editor);
    expect(calls.count).toBe(1);
  });

  it("asks again after the token's session ended or its user changed", async () => {
    const cache = createVerifiedTokenCache(() => 1_000);
    const { calls, verify } = counted(alice);
    await cache.verifyOnce("t", verify);
    cache.sessionsEnded(["other"]);
    await cache.verifyOnce("t", verify);
    expect(calls.count).toBe(1);
    cache.sessionsEnded(["s1"]);
    await cache.verifyOnce("t", verify);
    expect(calls.count).toBe(2);
    cache.userChanged("a");
    await cache.verifyOnce("t", verify);
    expect(calls.count).toBe(3);
  });

  it("does not remember an answer read while a session ended, which may predate the revocation", async () => {
    const cache = createVerifiedTokenCache(() => 1_000);
    let release!: () => void;
    const slow = () =>
      new Promise<{ verified: typeof alice; validUntil: number }>((resolve) => {
        release = () => resolve({ verified: alice, validUntil: 5_000 });
      });
    const inFlight = cache.verifyOnce("t", slow);
    cache.sessionsEnded(["s1"]);
    release();
    await inFlight;
    const { calls, verify } = counted(alice);
    await cache.verifyOnce("t", verify);
    expect(calls.count).toBe(1);
  });

  it("remembers no refusal", async () => {
    const cache = createVerifiedTokenCache(() => 1_000);
    let calls = 0;
    const refuse = async () => {
      calls++;
      return null;
    };
    expect(await cache.verifyOnce("t", refuse)).toBeNull();
    expect(await cache.verifyOnce("t", refuse)).toBeNull();
    expect(calls).toBe(2);
  });
});
