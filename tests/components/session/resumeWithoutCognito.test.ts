import { afterEach, describe, expect, it, vi } from "vitest";
import { createCredentialStorage } from "../../../src/session/credentialStorage";
import { initSession } from "../../../src/session/actions";
import { getSession, resetSession } from "../../../src/session/sessionState";
import { writeStored } from "../../../src/storage";

/*
 * A reload with a valid stored sign-in starts its page's queries without waiting for
 * the Cognito library (87 KB); the library is asked only when the stored tokens will not do.
 */
const cognito = vi.hoisted(() => ({ currentSession: vi.fn() }));
vi.mock("../../../src/session/cognitoClient", () => cognito);

const seconds = () => Math.floor(Date.now() / 1000);
const jwt = (payload: Record<string, unknown>) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, "")}.s`;

function storeTokens(expiresIn: number) {
  const storage = createCredentialStorage();
  const prefix = "CognitoIdentityServiceProvider.client-1";
  storage.setItem(`${prefix}.LastAuthUser`, "ann");
  storage.setItem(`${prefix}.ann.accessToken`, jwt({ sub: "u-1", exp: seconds() + expiresIn }));
  storage.setItem(`${prefix}.ann.idToken`, jwt({ sub: "u-1", email: "ann@example.com", exp: seconds() + expiresIn }));
}

afterEach(() => {
  createCredentialStorage().clear();
  writeStored("active-org", undefined);
  resetSession("Loading");
  cognito.currentSession.mockReset();
});

describe("resuming a sign-in at start-up", () => {
  it("uses valid stored tokens without loading the Cognito library", async () => {
    storeTokens(3600);
    writeStored("active-org", "org-1");
    await initSession();
    expect(cognito.currentSession).not.toHaveBeenCalled();
    expect(getSession()).toMatchObject({ status: "Authenticated", email: "ann@example.com", userId: "u-1", activeOrgId: "org-1" });
  });

  it("asks the library when the stored access token has expired (it refreshes), and signs out when it finds no session", async () => {
    storeTokens(-60);
    writeStored("active-org", "org-1");
    cognito.currentSession.mockResolvedValue({ email: "ann@example.com", sub: "u-1", accessToken: "fresh", expiresAt: Date.now() + 3_600_000 });
    await initSession();
    expect(cognito.currentSession).toHaveBeenCalledTimes(1);
    expect(getSession()).toMatchObject({ status: "Authenticated", accessToken: "fresh" });

    resetSession("Loading");
    cognito.currentSession.mockResolvedValue(null);
    await initSession();
    expect(getSession().status).toBe("NotAuthenticated");
  });
});
