// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../../locales/de.json";
import {
  confirm,
  expectCognitoError,
  latestCode,
  mailsTo,
  newClient,
  rawCall,
  signIn,
  signUp,
  startAuthServer,
  type AuthServer,
} from "./harness";

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer({ limits: "" });
});
afterAll(() => server.close());

const PASSWORD = "Sommer2024x";

describe("sign-up", () => {
  it("mails a 6-digit code in the chosen language and confirms the account with it", async () => {
    const client = newClient(server);
    const result = await signUp(client, "Ada@Example.com", PASSWORD, "de");
    expect(result.userConfirmed).toBe(false);
    expect(result.userSub).toMatch(/^[0-9a-f-]{36}$/);

    const [mail] = await mailsTo(server.db, "ada@example.com");
    expect(mail.subject).toBe(de["mail.signupCode.subject"]);
    expect(mail.text_body).toMatch(/Bestätigungscode lautet \d{6}\./);

    await confirm(client, "ada@example.com", await latestCode(server.db, "ada@example.com"));
    const { session } = await signIn(client, "ADA@example.com", PASSWORD);
    expect(session.getIdToken().payload.email).toBe("ada@example.com");
    expect(session.getIdToken().payload.sub).toBe(result.userSub);
  });

  it("refuses an email that already has a confirmed account", async () => {
    const client = newClient(server);
    await signUp(client, "taken@example.com", PASSWORD);
    await confirm(client, "taken@example.com", await latestCode(server.db, "taken@example.com"));
    const error = await expectCognitoError(signUp(client, "Taken@example.com", "Another1pass"));
    expect(error.code).toBe("UsernameExistsException");
  });

  it("sends a new code when an unconfirmed user signs up again with the same password", async () => {
    const client = newClient(server);
    const first = await signUp(client, "again@example.com", PASSWORD);
    const firstCode = await latestCode(server.db, "again@example.com");
    const second = await signUp(client, "again@example.com", PASSWORD);
    expect(second.userSub).toBe(first.userSub);
    expect(await mailsTo(server.db, "again@example.com")).toHaveLength(2);
    const secondCode = await latestCode(server.db, "again@example.com");
    // The new code replaces the first one (unless both happen to be the same six digits).
    if (firstCode !== secondCode) {
      expect((await expectCognitoError(confirm(client, "again@example.com", firstCode))).code).toBe(
        "CodeMismatchException",
      );
    }
    await confirm(client, "again@example.com", secondCode);
  });

  it("does not let a stranger replace the password of an unconfirmed registration", async () => {
    const client = newClient(server);
    await signUp(client, "pending@example.com", PASSWORD);
    const error = await expectCognitoError(signUp(client, "pending@example.com", "Stranger1pass"));
    expect(error.code).toBe("UsernameExistsException");
  });

  it("enforces the password policy and the email format", async () => {
    const client = newClient(server);
    const weak = await expectCognitoError(signUp(client, "weak@example.com", "short1A"));
    expect(weak.code).toBe("InvalidPasswordException");
    const noDigit = await expectCognitoError(signUp(client, "weak@example.com", "NoDigitsHere"));
    expect(noDigit.code).toBe("InvalidPasswordException");
    const badEmail = await expectCognitoError(signUp(client, "not-an-email", PASSWORD));
    expect(badEmail.code).toBe("InvalidParameterException");
    expect(await mailsTo(server.db, "weak@example.com")).toHaveLength(0);
  });

  it("refuses a wrong code, accepts the right one once, and then answers like a wrong code", async () => {
    const client = newClient(server);
    await signUp(client, "once@example.com", PASSWORD);
    const code = await latestCode(server.db, "once@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await expectCognitoError(confirm(client, "once@example.com", wrong))).code).toBe("CodeMismatchException");
    await confirm(client, "once@example.com", code);
    const reuse = await expectCognitoError(confirm(client, "once@example.com", code));
    expect(reuse.code).toBe("CodeMismatchException");
  });

  it("kills a code after five wrong guesses, even for the right code afterwards", async () => {
    const client = newClient(server);
    await signUp(client, "guesser@example.com", PASSWORD);
    const code = await latestCode(server.db, "guesser@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expect((await expectCognitoError(confirm(client, "guesser@example.com", wrong))).code).toBe(
        "CodeMismatchException",
      );
    }
    expect((await expectCognitoError(confirm(client, "guesser@example.com", code))).code).toBe("CodeMismatchException");
  });

  it("refuses an expired code and accepts a resent one", async () => {
    const client = newClient(server);
    const { userSub } = await signUp(client, "late@example.com", PASSWORD);
    const code = await latestCode(server.db, "late@example.com");
    await server.db
      .updateTable("auth_codes")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("sub", "=", userSub)
      .execute();
    expect((await expectCognitoError(confirm(client, "late@example.com", code))).code).toBe("CodeMismatchException");

    await new Promise((resolve, reject) =>
      client.user("late@example.com").resendConfirmationCode((error, result) => (error ? reject(error) : resolve(result))),
    );
    await confirm(client, "late@example.com", await latestCode(server.db, "late@example.com"));
  });

  it("stops mailing codes to one address after five an hour", async () => {
    const client = newClient(server);
    await signUp(client, "flood@example.com", PASSWORD);
    const resend = () =>
      rawCall(server, "ResendConfirmationCode", { ClientId: server.config.cognito.clientId, Username: "flood@example.com" });
    for (let i = 0; i < 4; i++) expect((await resend()).status).toBe(200);
    const refused = await resend();
    expect(refused.status).toBe(400);
    expect(refused.body.__type).toBe("LimitExceededException");
    expect(await mailsTo(server.db, "flood@example.com")).toHaveLength(5);
  });

  it("signs in an unconfirmed user only as far as UserNotConfirmedException", async () => {
    const client = newClient(server);
    await signUp(client, "unconfirmed@example.com", PASSWORD);
    const error = await expectCognitoError(signIn(client, "unconfirmed@example.com", PASSWORD));
    expect(error.code).toBe("UserNotConfirmedException");
  });

  it("stores a salt and an SRP verifier, never the password", async () => {
    const client = newClient(server);
    await signUp(client, "secret@example.com", PASSWORD);
    const rows = await server.db.selectFrom("auth_users").selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(PASSWORD);
    expect(dump).not.toContain(Buffer.from(PASSWORD).toString("hex"));
    const row = rows.find((r) => r.email === "secret@example.com")!;
    expect(row.srp_salt).toMatch(/^[0-9a-f]{32}$/);
    expect(row.srp_verifier).toMatch(/^[0-9a-f]{500,}$/);
    const codes = JSON.stringify(await server.db.selectFrom("auth_codes").selectAll().execute());
    expect(codes).not.toContain(await latestCode(server.db, "secret@example.com"));
  });
});
