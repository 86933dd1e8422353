// @vitest-environment node
import type { CognitoUser } from "amazon-cognito-identity-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../../locales/de.json";
import {
  expectCognitoError,
  latestCode,
  mailsTo,
  newClient,
  registeredUser,
  signIn,
  startAuthServer,
  type AuthServer,
} from "./harness";

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

const PASSWORD = "Garten2024q";

const attributesOf = (user: CognitoUser) =>
  new Promise<Record<string, string>>((resolve, reject) =>
    user.getUserAttributes((error, list) =>
      error ? reject(error) : resolve(Object.fromEntries(list!.map((a) => [a.getName(), a.getValue()]))),
    ),
  );
const update = (user: CognitoUser, name: string, value: string) =>
  new Promise<any>((resolve, reject) =>
    user.updateAttributes([{ Name: name, Value: value }], (error, _result, details) =>
      error ? reject(error) : resolve(details),
    ),
  );
const verify = (user: CognitoUser, code: string) =>
  new Promise((resolve, reject) => user.verifyAttribute("email", code, { onSuccess: resolve, onFailure: reject }));

describe("user attributes", () => {
  it("returns the user's attributes", async () => {
    const { user, session } = await registeredUser(server, "attrs@example.com", PASSWORD, "de");
    expect(await attributesOf(user)).toEqual({
      sub: session.getIdToken().payload.sub,
      email: "attrs@example.com",
      email_verified: "true",
      locale: "de",
    });
  });

  it("changes the email only after the code sent to the new address is entered", async () => {
    const { user, session: before } = await registeredUser(server, "old@example.com", PASSWORD, "de");
    const tokenBefore = before.getAccessToken().getJwtToken();
    // Verified (and remembered) while the old address holds, so the change must reach the cache.
    expect(await server.service.verifyAccessToken(tokenBefore)).toMatchObject({ email: "old@example.com" });
    const details = await update(user, "email", "New@Example.com");
    expect(details.CodeDeliveryDetailsList[0]).toMatchObject({ DeliveryMedium: "EMAIL", AttributeName: "email" });

    const [mail] = await mailsTo(server.db, "new@example.com");
    expect(mail.subject).toBe(de["mail.emailChange.subject"]);
    expect(await mailsTo(server.db, "old@example.com")).toHaveLength(1);
    expect((await attributesOf(user)).email).toBe("old@example.com");
    await signIn(newClient(server), "old@example.com", PASSWORD);

    const code = await latestCode(server.db, "new@example.com");
    const wrong = await expectCognitoError(verify(user, code === "000000" ? "111111" : "000000"));
    expect(wrong.code).toBe("CodeMismatchException");
    await verify(user, code);
    expect(await attributesOf(user)).toMatchObject({ email: "new@example.com", email_verified: "true" });
    expect(await server.service.verifyAccessToken(tokenBefore)).toMatchObject({ email: "new@example.com" });

    const { session } = await signIn(newClient(server), "new@example.com", PASSWORD);
    expect(session.getIdToken().payload.email).toBe("new@example.com");
    expect((await expectCognitoError(signIn(newClient(server), "old@example.com", PASSWORD))).code).toBe(
      "NotAuthorizedException",
    );
    expect(await server.service.verifyAccessToken(session.getAccessToken().getJwtToken())).toMatchObject({
      email: "new@example.com",
    });
    expect((await expectCognitoError(verify(user, code))).code).toBe("ExpiredCodeException");
  });

  it("resends the code of a pending email change to the new address", async () => {
    const { user } = await registeredUser(server, "resend-old@example.com", PASSWORD);
    await update(user, "email", "resend-new@example.com");
    await new Promise((resolve, reject) =>
      user.getAttributeVerificationCode("email", { onSuccess: resolve, onFailure: reject, inputVerificationCode: resolve }),
    );
    expect(await mailsTo(server.db, "resend-new@example.com")).toHaveLength(2);
    await verify(user, await latestCode(server.db, "resend-new@example.com"));
    expect((await attributesOf(user)).email).toBe("resend-new@example.com");
  });

  it("refuses an email that belongs to another account", async () => {
    await registeredUser(server, "owner@example.com", PASSWORD);
    const { user } = await registeredUser(server, "other@example.com", PASSWORD);
    const error = await expectCognitoError(update(user, "email", "owner@example.com"));
    expect(error.code).toBe("AliasExistsException");
    const invalid = await expectCognitoError(update(user, "email", "no-at-sign"));
    expect(invalid.code).toBe("InvalidParameterException");
  });

  it("updates the locale used for later mails", async () => {
    const { client, user } = await registeredUser(server, "lang@example.com", PASSWORD, "en");
    await update(user, "locale", "de");
    expect((await attributesOf(user)).locale).toBe("de");
    await new Promise((resolve, reject) =>
      client.user("lang@example.com").forgotPassword({ onSuccess: resolve, onFailure: reject }),
    );
    expect((await mailsTo(server.db, "lang@example.com")).at(-1)!.subject).toBe(de["mail.passwordReset.subject"]);
  });

  it("refuses attributes that cannot be changed", async () => {
    const { user } = await registeredUser(server, "sub@example.com", PASSWORD);
    const error = await expectCognitoError(update(user, "sub", "00000000-0000-4000-a000-000000000000"));
    expect(error.code).toBe("InvalidParameterException");
  });
});
