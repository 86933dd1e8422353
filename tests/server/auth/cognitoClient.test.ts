// @vitest-environment node
import { Window } from "happy-dom";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { latestCode, mailsTo, startAuthServer, type AuthServer } from "./harness";

/*
 * The console's wrapper against the real service. Node environment (PGlite and node:http need
 * it), with a happy-dom Window standing in for the page: its document carries the config meta
 * tag and its sessionStorage receives the credentials.
 */
type CognitoClient = typeof import("../../../src/session/cognitoClient");
type CredentialStorage = typeof import("../../../src/session/credentialStorage");

let server: AuthServer;
let page: Window;
let cognito: CognitoClient;
let credentials: CredentialStorage;

/** A fresh page whose config points at `target`, and fresh modules reading it. */
async function openConsole(target: AuthServer) {
  page?.close();
  page = new Window({ url: "http://console.test/" });
  const config = JSON.stringify({ userPoolId: "local_baukasten", clientId: "baukasten-console", authEndpoint: target.authUrl });
  page.document.head.innerHTML = `<meta name="baukasten-config" content='${config}'>`;
  vi.stubGlobal("window", page);
  vi.stubGlobal("document", page.document);
  vi.resetModules();
  cognito = await import("../../../src/session/cognitoClient");
  credentials = await import("../../../src/session/credentialStorage");
}

beforeAll(async () => {
  server = await startAuthServer();
});
beforeEach(() => openConsole(server));
afterAll(async () => {
  vi.unstubAllGlobals();
  page.close();
  await server.close();
});

const PASSWORD = "Konsole2024k";

async function registered(email: string) {
  await cognito.signUp(email, PASSWORD, "de");
  await cognito.confirmSignUp(email, await latestCode(server.db, email));
  return cognito.signIn(email, PASSWORD);
}

function storedEntries() {
  const storage = page.sessionStorage;
  return Array.from({ length: storage.length }, (_, i) => {
    const key = storage.key(i)!;
    return [key, storage.getItem(key)!] as const;
  });
}

describe("cognitoClient", () => {
  it("signs up, confirms and signs in, keeping encoded credentials in session storage", async () => {
    const result = await cognito.signUp("client@example.com", PASSWORD, "de");
    expect(result.userConfirmed).toBe(false);
    await cognito.confirmSignUp("client@example.com", await latestCode(server.db, "client@example.com"));
    const session = await cognito.signIn("client@example.com", PASSWORD);

    expect(session).toMatchObject({ sub: result.userSub, email: "client@example.com", emailVerified: true });
    expect(session.expiresAt).toBeGreaterThan(Date.now() + 3500_000);
    expect(session.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(await server.service.verifyAccessToken(session.accessToken)).toMatchObject({
      sub: result.userSub,
      email: "client@example.com",
    });

    const entries = storedEntries();
    expect(entries.length).toBeGreaterThan(0);
    for (const [key, value] of entries) {
      expect(key.startsWith("baukasten--credentials.CognitoIdentityServiceProvider.baukasten-console.")).toBe(true);
      expect(value).not.toContain(session.accessToken);
    }
    expect(JSON.stringify(entries)).toContain(Buffer.from(session.accessToken).toString("base64"));
    expect(page.localStorage.length).toBe(0);
    expect(credentials.hasStoredCredentials()).toBe(true);
  });

  it("resumes the stored session on a reload", async () => {
    const signedIn = await registered("reload@example.com");
    vi.resetModules();
    const reloaded: CognitoClient = await import("../../../src/session/cognitoClient");
    expect(await reloaded.currentSession()).toEqual(signedIn);
  });

  it("reports no session when nobody signed in", async () => {
    expect(await cognito.currentSession()).toBeNull();
    expect(credentials.hasStoredCredentials()).toBe(false);
  });

  it("rejects with Cognito's exception name", async () => {
    await registered("errors@example.com");
    await expect(cognito.signIn("errors@example.com", "Wrong2024pass")).rejects.toEqual({
      code: "NotAuthorizedException",
      message: "Incorrect username or password.",
    });
    await expect(cognito.signUp("errors@example.com", PASSWORD, "en")).rejects.toMatchObject({
      code: "UsernameExistsException",
    });
  });

  it("refreshes an expired session in currentSession, and on demand in refreshSession", async () => {
    const shortLived = await startAuthServer({ db: server.db, accessTokenTtlSeconds: 1 });
    try {
      await openConsole(shortLived);
      await cognito.signUp("expiry@example.com", PASSWORD, "en");
      await cognito.confirmSignUp("expiry@example.com", await latestCode(server.db, "expiry@example.com"));
      const first = await cognito.signIn("expiry@example.com", PASSWORD);
      // The clock of console and server (one process here) moves on; no real waiting.
      vi.setSystemTime(Date.now() + 2100);
      expect(first.expiresAt).toBeLessThan(Date.now());

      const resumed = (await cognito.currentSession())!;
      expect(resumed.accessToken).not.toBe(first.accessToken);
      expect(await shortLived.service.verifyAccessToken(resumed.accessToken)).not.toBeNull();

      vi.setSystemTime(Date.now() + 1100);
      const refreshed = await cognito.refreshSession();
      expect(refreshed.accessToken).not.toBe(resumed.accessToken);
    } finally {
      vi.useRealTimers();
      await shortLived.close();
    }
  });

  it("signOut revokes the sign-in and clears the stored credentials", async () => {
    const session = await registered("bye@example.com");
    await cognito.signOut();
    expect(storedEntries()).toEqual([]);
    expect(credentials.hasStoredCredentials()).toBe(false);
    expect(await cognito.currentSession()).toBeNull();
    expect(await server.service.verifyAccessToken(session.accessToken)).toBeNull();
  });

  it("globalSignOut ends the sign-ins of other tabs too", async () => {
    const first = await registered("everywhere@example.com");
    await openConsole(server);
    await cognito.signIn("everywhere@example.com", PASSWORD);
    await cognito.globalSignOut();
    expect(storedEntries()).toEqual([]);
    expect(await server.service.verifyAccessToken(first.accessToken)).toBeNull();
  });

  it("changes the email with a code and returns a session carrying the new address", async () => {
    await registered("before@example.com");
    await cognito.changeEmail("after@example.com");
    expect((await cognito.currentSession())!.email).toBe("before@example.com");
    const session = await cognito.verifyEmail(await latestCode(server.db, "after@example.com"));
    expect(session).toMatchObject({ email: "after@example.com", emailVerified: true });
  });

  it("changes the password and resets a forgotten one", async () => {
    await registered("pw@example.com");
    await cognito.changePassword(PASSWORD, "Changed2024c");
    await cognito.signOut();
    await expect(cognito.signIn("pw@example.com", PASSWORD)).rejects.toMatchObject({ code: "NotAuthorizedException" });

    await cognito.forgotPassword("pw@example.com");
    await cognito.confirmForgotPassword("pw@example.com", await latestCode(server.db, "pw@example.com"), "Reset2024r");
    expect((await cognito.signIn("pw@example.com", "Reset2024r")).email).toBe("pw@example.com");
  });

  it("resends the sign-up code", async () => {
    await cognito.signUp("resend@example.com", PASSWORD, "en");
    await cognito.resendSignUpCode("resend@example.com");
    expect(await mailsTo(server.db, "resend@example.com")).toHaveLength(2);
    await cognito.confirmSignUp("resend@example.com", await latestCode(server.db, "resend@example.com"));
    expect((await cognito.signIn("resend@example.com", PASSWORD)).email).toBe("resend@example.com");
  });
});
