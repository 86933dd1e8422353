// @vitest-environment node
import type { CognitoUser } from "amazon-cognito-identity-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import {
  expectCognitoError,
  latestCode,
  mailsTo,
  newClient,
  registeredUser,
  signIn,
  signUp,
  startAuthServer,
  type AuthServer,
  type Client,
} from "./harness";

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

const PASSWORD = "Herbst2024z";
const NEW_PASSWORD = "Fruehling2025w";

const forgot = (client: Client, email: string) =>
  new Promise((resolve, reject) => client.user(email).forgotPassword({ onSuccess: resolve, onFailure: reject }));
const confirmNew = (client: Client, email: string, code: string, password: string) =>
  new Promise((resolve, reject) =>
    client.user(email).confirmPassword(code, password, { onSuccess: resolve, onFailure: reject }),
  );
const change = (user: CognitoUser, previous: string, proposed: string) =>
  new Promise((resolve, reject) =>
    user.changePassword(previous, proposed, (error, result) => (error ? reject(error) : resolve(result))),
  );

describe("forgotten password", () => {
  it("mails a reset code; the new password works and the old one does not", async () => {
    const { client } = await registeredUser(server, "forgot@example.com", PASSWORD);
    await forgot(client, "forgot@example.com");
    const mails = await mailsTo(server.db, "forgot@example.com");
    expect(mails.at(-1)!.subject).toBe(en["mail.passwordReset.subject"]);

    await confirmNew(client, "forgot@example.com", await latestCode(server.db, "forgot@example.com"), NEW_PASSWORD);
    await signIn(newClient(server), "forgot@example.com", NEW_PASSWORD);
    const old = await expectCognitoError(signIn(newClient(server), "forgot@example.com", PASSWORD));
    expect(old.code).toBe("NotAuthorizedException");
  });

  it("accepts a reset code only once", async () => {
    const { client } = await registeredUser(server, "reuse@example.com", PASSWORD);
    await forgot(client, "reuse@example.com");
    const code = await latestCode(server.db, "reuse@example.com");
    await confirmNew(client, "reuse@example.com", code, NEW_PASSWORD);
    const again = await expectCognitoError(confirmNew(client, "reuse@example.com", code, "Another2026v"));
    expect(again.code).toBe("CodeMismatchException");
    await signIn(newClient(server), "reuse@example.com", NEW_PASSWORD);
  });

  it("refuses an expired reset code", async () => {
    const { client, session } = await registeredUser(server, "slowreset@example.com", PASSWORD);
    await forgot(client, "slowreset@example.com");
    await server.db
      .updateTable("auth_codes")
      .set({ expires_at: new Date(Date.now() - 1) })
      .where("sub", "=", session.getIdToken().payload.sub)
      .where("purpose", "=", "reset")
      .execute();
    const error = await expectCognitoError(
      confirmNew(client, "slowreset@example.com", await latestCode(server.db, "slowreset@example.com"), NEW_PASSWORD),
    );
    expect(error.code).toBe("CodeMismatchException");
  });

  it("checks the new password against the policy without spending the code", async () => {
    const { client } = await registeredUser(server, "policy@example.com", PASSWORD);
    await forgot(client, "policy@example.com");
    const code = await latestCode(server.db, "policy@example.com");
    const weak = await expectCognitoError(confirmNew(client, "policy@example.com", code, "weakpass"));
    expect(weak.code).toBe("InvalidPasswordException");
    await confirmNew(client, "policy@example.com", code, NEW_PASSWORD);
  });

  it("ends the user's other sign-ins after a reset", async () => {
    const { client, session } = await registeredUser(server, "resetall@example.com", PASSWORD);
    // Verified (and remembered) before the reset, as by any API request.
    expect(await server.service.verifyAccessToken(session.getAccessToken().getJwtToken())).not.toBeNull();
    await forgot(client, "resetall@example.com");
    await confirmNew(client, "resetall@example.com", await latestCode(server.db, "resetall@example.com"), NEW_PASSWORD);
    expect(await server.service.verifyAccessToken(session.getAccessToken().getJwtToken())).toBeNull();
  });

  it("answers for an unknown email as for a known one, without sending mail", async () => {
    const client = newClient(server);
    await forgot(client, "stranger@example.com");
    expect(await mailsTo(server.db, "stranger@example.com")).toHaveLength(0);
  });

  it("lets an unconfirmed user who forgot the password reset it, which also confirms the account", async () => {
    const client = newClient(server);
    await signUp(client, "halfway@example.com", PASSWORD);
    await forgot(client, "halfway@example.com");
    await confirmNew(client, "halfway@example.com", await latestCode(server.db, "halfway@example.com"), NEW_PASSWORD);
    await signIn(newClient(server), "halfway@example.com", NEW_PASSWORD);
  });
});

describe("change password", () => {
  it("replaces the password after checking the old one", async () => {
    const { user } = await registeredUser(server, "change@example.com", PASSWORD);
    const wrongOld = await expectCognitoError(change(user, "Notmine2024x", NEW_PASSWORD));
    expect(wrongOld.code).toBe("NotAuthorizedException");
    const weak = await expectCognitoError(change(user, PASSWORD, "weak"));
    expect(weak.code).toBe("InvalidPasswordException");

    await change(user, PASSWORD, NEW_PASSWORD);
    await signIn(newClient(server), "change@example.com", NEW_PASSWORD);
    const old = await expectCognitoError(signIn(newClient(server), "change@example.com", PASSWORD));
    expect(old.code).toBe("NotAuthorizedException");
  });
});
