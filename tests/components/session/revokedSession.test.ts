import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshAccessToken } from "../../../src/session/tokens";
// The session's actions end a revoked session; the console loads them with its first page (main.tsx).
import "../../../src/session/actions";
import { closeSessionExpired } from "../../../src/session/expiry";
import { getSession, resetSession, updateSession } from "../../../src/session/sessionState";

/*
 * "A revoked session in the console is one failed refresh, then the login screen with
 * 'Your session has ended. Please sign in again.' — not 6–7 failing calls to /auth and the
 * 'about to expire' dialog (that dialog is for expiry, spec §2)."
 */
const cognito = vi.hoisted(() => ({
  refreshSession: vi.fn(),
  forgetCredentials: vi.fn(),
}));
vi.mock("../../../src/session/cognitoClient", () => cognito);
vi.mock("../../../src/session/relaySession", () => ({
  closeSubscriptions: vi.fn(),
  resetPlatformEnvironment: vi.fn(),
}));
const replace = vi.fn();

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession("NotAuthenticated");
  closeSessionExpired();
});

describe("a revoked session", () => {
  it("ends after one refused refresh and opens the login page with the notice", async () => {
    vi.stubGlobal("location", { ...window.location, replace });
    updateSession({ status: "Authenticated", email: "ann@example.com", accessToken: "old", expiresAt: Date.now() + 60_000 });
    cognito.refreshSession.mockRejectedValue({ code: "NotAuthorizedException", message: "Refresh Token has been revoked" });

    expect(await refreshAccessToken()).toBeUndefined();
    expect(cognito.refreshSession).toHaveBeenCalledTimes(1);
    expect(cognito.forgetCredentials).toHaveBeenCalled();
    expect(getSession().status).toBe("NotAuthenticated");
    expect(replace).toHaveBeenCalledWith("/login?notice=sessionEnded");
  });

  it("does nothing once this tab has signed out: a refresh refused late reloads no page", async () => {
    vi.stubGlobal("location", { ...window.location, replace });
    replace.mockClear();
    resetSession("NotAuthenticated");
    cognito.refreshSession.mockRejectedValue({ code: "NotAuthorizedException", message: "Refresh Token has been revoked" });

    expect(await refreshAccessToken()).toBeUndefined();
    expect(replace).not.toHaveBeenCalled();
  });

  it("keeps the session when the refresh fails for another reason (offline)", async () => {
    updateSession({ status: "Authenticated", email: "ann@example.com", accessToken: "old", expiresAt: Date.now() + 60_000 });
    cognito.refreshSession.mockRejectedValue({ code: "NetworkError", message: "Network error" });
    expect(await refreshAccessToken()).toBeUndefined();
    expect(getSession().status).toBe("Authenticated");
  });
});
