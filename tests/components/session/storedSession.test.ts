import { afterEach, describe, expect, it } from "vitest";
import { createCredentialStorage } from "../../../src/session/credentialStorage";
import { readStoredSession } from "../../../src/session/storedSession";

/*
 * For the first rows of a warm load: a reload resumes the stored sign-in without loading the
 * Cognito library when its tokens are valid, so the page's first query leaves sooner. Anything
 * else goes to the library as before (null here).
 */
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);
const jwt = (payload: Record<string, unknown>) =>
  ["header", btoa(JSON.stringify(payload)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""), "signature"].join(".");

function storeTokens(options: { accessExp: number; idExp: number; drift?: number; email?: unknown }) {
  const storage = createCredentialStorage();
  const prefix = "CognitoIdentityServiceProvider.client-1";
  storage.setItem(`${prefix}.LastAuthUser`, "ann@example.com");
  storage.setItem(`${prefix}.ann@example.com.accessToken`, jwt({ sub: "u-1", exp: options.accessExp }));
  storage.setItem(`${prefix}.ann@example.com.idToken`, jwt({ sub: "u-1", email: options.email ?? "ann@example.com", exp: options.idExp }));
  storage.setItem(`${prefix}.ann@example.com.clockDrift`, String(options.drift ?? 0));
}

afterEach(() => createCredentialStorage().clear());

describe("resuming a stored sign-in without the Cognito library", () => {
  it("reads who is signed in, the access token and when it expires (the earlier of both tokens)", () => {
    storeTokens({ accessExp: seconds(NOW) + 3600, idExp: seconds(NOW) + 1800 });
    const session = readStoredSession(NOW);
    expect(session).toMatchObject({ email: "ann@example.com", userId: "u-1", expiresAt: (seconds(NOW) + 1800) * 1000 });
    expect(session?.accessToken.split(".")).toHaveLength(3);
  });

  it("counts the clock drift measured at sign-in, as the library does", () => {
    storeTokens({ accessExp: seconds(NOW) + 3600, idExp: seconds(NOW) + 3600, drift: 120 });
    expect(readStoredSession(NOW)?.expiresAt).toBe((seconds(NOW) + 3720) * 1000);
  });

  it("leaves tokens that expired, or expire within a minute, to the library (which refreshes them)", () => {
    storeTokens({ accessExp: seconds(NOW) - 10, idExp: seconds(NOW) + 3600 });
    expect(readStoredSession(NOW)).toBeNull();
    storeTokens({ accessExp: seconds(NOW) + 30, idExp: seconds(NOW) + 3600 });
    expect(readStoredSession(NOW)).toBeNull();
  });

  it("is null without a stored user or with tokens it cannot read", () => {
    expect(readStoredSession(NOW)).toBeNull();
    storeTokens({ accessExp: seconds(NOW) + 3600, idExp: seconds(NOW) + 3600, email: 42 });
    expect(readStoredSession(NOW)).toBeNull();
    createCredentialStorage().setItem("CognitoIdentityServiceProvider.client-1.ann@example.com.idToken", "not-a-jwt");
    expect(readStoredSession(NOW)).toBeNull();
  });
});
