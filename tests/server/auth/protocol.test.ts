// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthService } from "../../../server/auth";
import { readConfig } from "../../../server/config";
import { createMailer } from "../../../server/mail/mailer";
import { rawCall, startAuthServer, type AuthServer } from "./harness";

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

describe("protocol", () => {
  it("answers an unknown or missing X-Amz-Target with 400 and a Cognito-style __type", async () => {
    const unknown = await rawCall(server, "AdminDeleteUser", {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.__type).toBe("UnknownOperationException");
    expect(unknown.headers.get("x-amzn-errortype")).toBe("UnknownOperationException:");

    const response = await fetch(server.authUrl, { method: "POST", body: "{}" });
    expect(response.status).toBe(400);
    expect((await response.json()).__type).toBe("UnknownOperationException");

    const prototypeName = await rawCall(server, "constructor", {});
    expect(prototypeName.status).toBe(400);
  });

  it("answers malformed JSON, non-objects and missing fields with InvalidParameterException", async () => {
    for (const body of ["{not json", "[]", "null", '"text"', ""]) {
      const response = await rawCall(server, "SignUp", body);
      expect(response.status, body).toBe(400);
      expect(response.body.__type).toBe("InvalidParameterException");
    }
    const client = { ClientId: "baukasten-console" };
    const srp = (parameters: object) => ({ ...client, AuthFlow: "USER_SRP_AUTH", AuthParameters: parameters });
    const cases: [string, unknown][] = [
      ["SignUp", { ...client, Username: "a@example.com" }],
      ["SignUp", { ...client, Username: 42, Password: "Valid2024x" }],
      ["SignUp", { ...client, Username: "a@example.com", Password: "Valid2024x", UserAttributes: "x" }],
      ["SignUp", { ...client, Username: "a@example.com", Password: "Valid2024x", UserAttributes: [{ Name: 1 }] }],
      ["SignUp", { Username: "a@example.com", Password: "Valid2024x" }],
      ["InitiateAuth", { ...client, AuthFlow: "USER_SRP_AUTH" }],
      ["InitiateAuth", srp({ USERNAME: "a@example.com", SRP_A: "zz" })],
      ["InitiateAuth", srp({ USERNAME: "a@example.com", SRP_A: "0" })],
      ["InitiateAuth", { ...client, AuthFlow: "USER_PASSWORD_AUTH", AuthParameters: {} }],
      ["RespondToAuthChallenge", { ...client, ChallengeName: "PASSWORD_VERIFIER" }],
      ["RespondToAuthChallenge", { ...client, ChallengeName: "SMS_MFA", ChallengeResponses: {} }],
      ["ConfirmSignUp", { ...client, Username: "a@example.com" }],
      ["GetUser", {}],
      ["GetUser", { AccessToken: ["x"] }],
    ];
    for (const [operation, body] of cases) {
      const response = await rawCall(server, operation, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.__type, JSON.stringify(body)).toBe("InvalidParameterException");
    }
  });

  it("refuses a wrong client id as Cognito does", async () => {
    const response = await rawCall(server, "SignUp", { ClientId: "other", Username: "a@example.com", Password: "Valid2024x" });
    expect(response.body.__type).toBe("ResourceNotFoundException");
  });

  it("treats a user id that is not a UUID as an unknown user, not as a database error", async () => {
    const response = await rawCall(server, "ConfirmSignUp", {
      ClientId: "baukasten-console",
      Username: "12345678-not-a-uuid",
      ConfirmationCode: "123456",
    });
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe("CodeMismatchException");
  });

  it("refuses oversized bodies", async () => {
    const response = await rawCall(server, "SignUp", JSON.stringify({ ClientId: "x".repeat(100_000) }));
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe("InvalidParameterException");
  });

  it("answers CORS preflights for the library's X-Amz headers", async () => {
    const response = await fetch(server.authUrl, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-amz-target,x-amz-user-agent,cache-control",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")).toContain("x-amz-target");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    const call = await rawCall(server, "GetUser", {});
    expect(call.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("serves the JWKS for its pool only", async () => {
    const jwks = await fetch(`${server.base}/auth/local_baukasten/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    const { keys } = await jwks.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(keys[0].d).toBeUndefined();
    expect((await fetch(`${server.base}/auth/other_pool/.well-known/jwks.json`)).status).toBe(404);
  });

  it("keeps its signing key across restarts", async () => {
    const before = await (await fetch(`${server.base}/auth/local_baukasten/.well-known/jwks.json`)).json();
    const restarted = await startAuthServer({ db: server.db });
    try {
      const after = await (await fetch(`${restarted.base}/auth/local_baukasten/.well-known/jwks.json`)).json();
      expect(after).toEqual(before);
    } finally {
      await restarted.close();
    }
  });

  it("answers nothing under /auth when a real Cognito pool is configured", async () => {
    const config = readConfig({ COGNITO_REGION: "eu-central-1", COGNITO_USER_POOL_ID: "eu-central-1_Abc", LOG_LEVEL: "silent" });
    const service = await createAuthService({ db: server.db, mailer: await createMailer(server.db, { from: "x" }), config });
    const response = await service.handle(new Request("http://localhost/auth", { method: "POST", body: "{}" }));
    expect(response.status).toBe(404);
    expect(await service.verifyAccessToken("not a token")).toBeNull();
  });
});
