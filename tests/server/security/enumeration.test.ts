// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectCognitoError,
  latestCode,
  mailsTo,
  newClient,
  rawCall,
  registeredUser,
  signIn,
  signUp,
  startAuthServer,
  type AuthServer,
} from "../auth/harness";
import { wrongPasswordFrom } from "./fromAddress";

/*
 * "Unknown and known users are told apart by the messages of ConfirmSignUp,
 * ResendConfirmationCode, ForgotPassword and ConfirmForgotPassword, by lockout applying only to
 * real users … Behave like Cognito's PreventUserExistenceErrors" and "Throttle failures per
 * account and source address, so failures from one address do not lock the owner out from another".
 */
let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer({ failedSignInDelayMs: 1, limits: "" });
});
afterAll(() => server.close());

const PASSWORD = "Winter2024y";
const call = (operation: string, body: Record<string, unknown>) =>
  rawCall(server, operation, { ClientId: server.config.cognito.clientId, ...body });
/** What a prober compares: status, exception name and message. */
const answer = (response: { status: number; body: Record<string, any> }) => ({
  status: response.status,
  type: response.body.__type,
  message: response.body.message,
});

describe("user enumeration", () => {
  it("ConfirmSignUp answers an unknown, a confirmed and an unconfirmed user alike", async () => {
    await registeredUser(server, "confirmed@example.com", PASSWORD);
    await signUp(newClient(server), "waiting@example.com", PASSWORD);
    const code = await latestCode(server.db, "waiting@example.com");
    const wrong = code === "123456" ? "654321" : "123456";
    const unknown = answer(await call("ConfirmSignUp", { Username: "nobody@example.com", ConfirmationCode: wrong }));
    expect(answer(await call("ConfirmSignUp", { Username: "confirmed@example.com", ConfirmationCode: wrong }))).toEqual(unknown);
    expect(answer(await call("ConfirmSignUp", { Username: "waiting@example.com", ConfirmationCode: wrong }))).toEqual(unknown);
  });

  it("ResendConfirmationCode answers a confirmed user like an unknown one, and mails nobody", async () => {
    await registeredUser(server, "resent@example.com", PASSWORD);
    const mailsBefore = (await mailsTo(server.db, "resent@example.com")).length;
    const known = await call("ResendConfirmationCode", { Username: "resent@example.com" });
    const unknown = await call("ResendConfirmationCode", { Username: "resenx@example.com" });
    expect(answer(known)).toEqual(answer(unknown));
    expect(known.body.CodeDeliveryDetails).toEqual(unknown.body.CodeDeliveryDetails);
    expect(await mailsTo(server.db, "resent@example.com")).toHaveLength(mailsBefore);
  });

  it("ConfirmForgotPassword answers alike once the known user's code died of wrong guesses", async () => {
    await registeredUser(server, "victim@example.com", PASSWORD);
    for (const name of ["victim@example.com", "victin@example.com"]) {
      expect((await call("ForgotPassword", { Username: name })).status).toBe(200);
    }
    const code = await latestCode(server.db, "victim@example.com");
    const wrong = code === "123456" ? "654321" : "123456";
    const guess = (name: string, guess: string) =>
      call("ConfirmForgotPassword", { Username: name, ConfirmationCode: guess, Password: "Another2026v" });
    for (let i = 0; i < 5; i++) {
      expect(answer(await guess("victim@example.com", wrong))).toEqual(answer(await guess("victin@example.com", wrong)));
    }
    // The sixth try: the known user's code is dead, the unknown one never had one.
    expect(answer(await guess("victim@example.com", code))).toEqual(answer(await guess("victin@example.com", code)));
  });

  it("ForgotPassword is limited for an unknown address exactly as for a known one", async () => {
    await registeredUser(server, "limited@example.com", PASSWORD);
    // An hour after the sign-up mail: its count is gone.
    await server.db.deleteFrom("rate_limits").execute();
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(answer(await call("ForgotPassword", { Username: "limited@example.com" })));
      unknown.push(answer(await call("ForgotPassword", { Username: "limitex@example.com" })));
    }
    expect(unknown).toEqual(known);
    expect(unknown.at(-1)).toMatchObject({ status: 400, type: "LimitExceededException" });
  });

  it("locks sign-in for an unknown email after ten wrong passwords, as for a real one", async () => {
    await registeredUser(server, "real@example.com", PASSWORD);
    const { authUrl } = server;
    const clientId = server.config.cognito.clientId;
    const tries = async (email: string) => {
      const answers: unknown[] = [];
      for (let i = 0; i < 11; i++) answers.push(answer(await wrongPasswordFrom("127.0.0.9", authUrl, clientId, email)));
      return answers;
    };
    const real = await tries("real@example.com");
    expect(real.at(-1)).toMatchObject({ message: "Password attempts exceeded" });
    expect(await tries("ghost@example.com")).toEqual(real);
  });
});

describe("lockout per source address", () => {
  it("ten wrong passwords from one address do not lock the owner out from another", async () => {
    const { client } = await registeredUser(server, "owner@example.com", PASSWORD);
    const clientId = server.config.cognito.clientId;
    for (let i = 0; i < 10; i++) await wrongPasswordFrom("127.0.0.2", server.authUrl, clientId, "owner@example.com");
    const attacker = await wrongPasswordFrom("127.0.0.2", server.authUrl, clientId, "owner@example.com");
    expect(attacker.body.message).toBe("Password attempts exceeded");
    // The owner, at 127.0.0.1, signs in.
    await signIn(client, "owner@example.com", PASSWORD);
  });

  it("locks the account for everyone when failures come from many addresses", async () => {
    const { client } = await registeredUser(server, "target@example.com", PASSWORD);
    const clientId = server.config.cognito.clientId;
    for (const address of ["127.0.0.3", "127.0.0.4", "127.0.0.5"]) {
      for (let i = 0; i < 10; i++) await wrongPasswordFrom(address, server.authUrl, clientId, "target@example.com");
    }
    const owner = await expectCognitoError(signIn(client, "target@example.com", PASSWORD));
    expect(owner.message).toBe("Password attempts exceeded");
  });
});
