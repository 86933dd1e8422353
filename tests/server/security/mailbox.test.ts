// @vitest-environment node
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../../server/config";
import { resolveMailboxToken } from "../../../server/mail/mailboxToken";
import { startTestPlatform, TEST_MAILBOX_TOKEN, uniqueEmail, type TestPlatform } from "../harness";

/**
 * "ForgotPassword for any address, then read the code from /mail.json: the account is
 * taken." The mailbox needs its token, lists one address at a time and forgets after 24 hours.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

function authCall(base: string, target: string, body: Record<string, unknown>) {
  return fetch(`${base}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify({ ClientId: "baukasten-console", ...body }),
  });
}

const forgotPassword = (email: string) => authCall(t.url, "ForgotPassword", { Username: email });

describe("the local mailbox", () => {
  it("answers 404 to anyone without the token, on the page and as JSON", async () => {
    const { email } = await t.signUp(uniqueEmail("victim"));
    await forgotPassword(email);
    for (const path of [`/mail`, `/mail.json?to=${encodeURIComponent(email)}`, `/mail.json`, `/mail?token=wrong`]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/\b\d{6}\b/);
    }
    const wrongBearer = await fetch(`${t.url}/mail.json?to=${encodeURIComponent(email)}`, { headers: { authorization: "Bearer nope" } });
    expect(wrongBearer.status).toBe(404);
  });

  it("reads one address's mails with ?token= or a Bearer token, and lists nothing without `to`", async () => {
    const { email } = await t.signUpThroughCognito(uniqueEmail("reader"));
    const byQuery = await fetch(`${t.url}/mail.json?to=${encodeURIComponent(email)}&token=${TEST_MAILBOX_TOKEN}`);
    expect(byQuery.status).toBe(200);
    const mails = (await byQuery.json()) as { to: string }[];
    expect(mails.length).toBeGreaterThan(0);
    expect(new Set(mails.map((mail) => mail.to))).toEqual(new Set([email]));
    expect(await t.mailsTo(email)).toHaveLength(mails.length);

    const everyone = await fetch(`${t.url}/mail.json`, { headers: { authorization: `Bearer ${TEST_MAILBOX_TOKEN}` } });
    expect(await everyone.json()).toEqual([]);
  });

  it("the printed link sets an HttpOnly SameSite=Strict cookie that opens the page afterwards", async () => {
    expect(t.platform.mailboxLink).toBe(`${t.url}/mail?token=${TEST_MAILBOX_TOKEN}`);
    const opened = await fetch(t.platform.mailboxLink!);
    expect(opened.status).toBe(200);
    const cookie = opened.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const again = await fetch(`${t.url}/mail`, { headers: { cookie: cookie.split(";")[0] } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Local mailbox");
  });

  it("deletes mails after 24 hours", async () => {
    const { email } = await t.signUpThroughCognito(uniqueEmail("old"));
    await t.platform.db
      .updateTable("mails")
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where("recipient", "=", email)
      .execute();
    expect(await t.mailsTo(email)).toEqual([]);
    const left = await t.platform.db.selectFrom("mails").select("id").where("recipient", "=", email).execute();
    expect(left).toEqual([]);
  });
});

describe("where the server listens", () => {
  const outsideAddress = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === "IPv4")?.address;

  it.skipIf(!outsideAddress)("by default only on loopback: another interface is refused", async () => {
    const port = Number(new URL(t.url).port);
    const reached = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: outsideAddress, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    expect(reached).toBe(false);
    expect((await fetch(`${t.url}/healthz`)).ok).toBe(true);
  });
});

describe("the mailbox token", () => {
  it("is generated on first start into the data directory, readable by the owner only, and kept", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "baukasten-token-"));
    try {
      const config = readConfig({ DATA_DIR: dataDir });
      const token = resolveMailboxToken(config);
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(statSync(join(dataDir, "mailbox-token")).mode & 0o777).toBe(0o600);
      expect(resolveMailboxToken(config)).toBe(token);
      expect(resolveMailboxToken(readConfig({ DATA_DIR: dataDir, MAILBOX_TOKEN: "from-env" }))).toBe("from-env");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("with an SMTP server", () => {
  it("stores no mail at all and serves no mailbox", async () => {
    // Nothing listens on port 9: sending fails, and nothing may be kept for the mailbox either.
    const smtp = await startTestPlatform({ SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      const email = uniqueEmail("smtp");
      await authCall(smtp.url, "SignUp", { Username: email, Password: "Baukasten1", UserAttributes: [{ Name: "email", Value: email }] });
      expect(await smtp.platform.db.selectFrom("mails").select("id").execute()).toEqual([]);
      expect((await fetch(`${smtp.url}/mail.json?token=${TEST_MAILBOX_TOKEN}`)).status).toBe(404);
      expect(smtp.platform.mailboxLink).toBeNull();
    } finally {
      await smtp.close();
    }
  }, 120_000);
});
