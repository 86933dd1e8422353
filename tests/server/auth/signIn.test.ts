// @vitest-environment node
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  expectCognitoError,
  newClient,
  rawCall,
  registeredUser,
  signIn,
  startAuthServer,
  wrongPasswordProof,
  type AuthServer,
} from "./harness";

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer({ failedSignInDelayMs: 1 });
});
afterAll(() => server.close());

const PASSWORD = "Winter2024y";

describe("SRP sign-in", () => {
  it("issues RS256 tokens with Cognito's claims that verify against the served JWKS", async () => {
    const { session } = await registeredUser(server, "tokens@example.com", PASSWORD);
    const issuer = `${server.base}/auth/local_baukasten`;
    const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));

    const access = await jwtVerify(session.getAccessToken().getJwtToken(), jwks, { issuer, algorithms: ["RS256"] });
    const id = await jwtVerify(session.getIdToken().getJwtToken(), jwks, {
      issuer,
      audience: "baukasten-console",
      algorithms: ["RS256"],
    });
    expect(decodeProtectedHeader(session.getAccessToken().getJwtToken()).kid).toBeTruthy();
    expect(access.payload).toMatchObject({
      token_use: "access",
      client_id: "baukasten-console",
      scope: "aws.cognito.signin.user.admin",
      username: id.payload.sub,
    });
    expect(access.payload.aud).toBeUndefined();
    expect(access.payload.exp! - access.payload.iat!).toBe(3600);
    expect(id.payload).toMatchObject({
      token_use: "id",
      email: "tokens@example.com",
      email_verified: true,
      "cognito:username": id.payload.sub,
      locale: "en",
    });
    expect(id.payload.origin_jti).toBe(access.payload.origin_jti);
    expect(session.getRefreshToken().getToken()).toBeTruthy();

    expect(await server.service.verifyAccessToken(session.getAccessToken().getJwtToken())).toEqual({
      sub: id.payload.sub,
      email: "tokens@example.com",
      session: { id: access.payload.origin_jti, expiresAt: access.payload.exp! * 1000 },
    });
  });

  it("does not accept an id token, a tampered token or garbage as an access token", async () => {
    const { session } = await registeredUser(server, "kinds@example.com", PASSWORD);
    expect(await server.service.verifyAccessToken(session.getIdToken().getJwtToken())).toBeNull();
    const [header, payload, signature] = session.getAccessToken().getJwtToken().split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: "00000000-0000-4000-a000-000000000000" }),
    ).toString("base64url");
    expect(await server.service.verifyAccessToken(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await server.service.verifyAccessToken("not a token")).toBeNull();
  });

  it("refuses a wrong password and an unknown user with the same NotAuthorizedException", async () => {
    await registeredUser(server, "wrong@example.com", PASSWORD);
    const client = newClient(server);
    const wrong = await expectCognitoError(signIn(client, "wrong@example.com", "Wrong2024pass"));
    expect(wrong.code).toBe("NotAuthorizedException");
    const unknown = await expectCognitoError(signIn(client, "nobody@example.com", PASSWORD));
    expect(unknown.code).toBe("NotAuthorizedException");
    expect(unknown.message).toBe(wrong.message);
  });

  it("gives an unknown email a stable simulated challenge, like a real account", async () => {
    const start = (username: string) =>
      rawCall(server, "InitiateAuth", {
        ClientId: "baukasten-console",
        AuthFlow: "USER_SRP_AUTH",
        AuthParameters: { USERNAME: username, SRP_A: "abc123" },
      });
    const first = await start("ghost@example.com");
    const second = await start("ghost@example.com");
    expect(first.status).toBe(200);
    expect(first.body.ChallengeParameters.SALT).toBe(second.body.ChallengeParameters.SALT);
    expect(first.body.ChallengeParameters.USER_ID_FOR_SRP).toBe(second.body.ChallengeParameters.USER_ID_FOR_SRP);
  });

  it("locks sign-in after ten wrong passwords for fifteen minutes, even with the right one", async () => {
    const { client } = await registeredUser(server, "locked@example.com", PASSWORD);
    for (let i = 1; i <= 9; i++) {
      const answer = await wrongPasswordProof(server, "locked@example.com");
      expect(answer.body.message).toBe("Incorrect username or password.");
    }
    const tenth = await expectCognitoError(signIn(client, "locked@example.com", "Wrong10pass"));
    expect(tenth.code).toBe("NotAuthorizedException");
    expect(tenth.message).toBe("Password attempts exceeded");
    const right = await expectCognitoError(signIn(client, "locked@example.com", PASSWORD));
    expect(right.message).toBe("Password attempts exceeded");

    const { sub } = await server.db.selectFrom("auth_users").select("sub").where("email", "=", "locked@example.com").executeTakeFirstOrThrow();
    const lock = () =>
      server.db.selectFrom("auth_failures").select(["failures", "locked_until"]).where("account", "=", sub).executeTakeFirst();
    const minutes = ((await lock())!.locked_until!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    // Fifteen minutes later the right password works again and the count starts over.
    await server.db.updateTable("auth_failures").set({ locked_until: new Date(Date.now() - 1000) }).execute();
    await signIn(client, "locked@example.com", PASSWORD);
    expect(await lock()).toBeUndefined();
  });

  it("answers slowly from the sixth wrong password on", async () => {
    // The delay is long enough that a busy CI machine cannot blur "fast" and "delayed": an
    // undelayed answer stays under one delay, a delayed one takes at least one (then two).
    const delayMs = 1500;
    const slow = await startAuthServer({ db: server.db, failedSignInDelayMs: delayMs });
    try {
      await registeredUser(slow, "slow@example.com", PASSWORD);
      for (let i = 1; i <= 5; i++) {
        const answer = await wrongPasswordProof(slow, "slow@example.com");
        expect(answer.body.__type).toBe("NotAuthorizedException");
        expect(answer.ms).toBeLessThan(delayMs);
      }
      expect((await wrongPasswordProof(slow, "slow@example.com")).ms).toBeGreaterThanOrEqual(delayMs * 0.9);
      expect((await wrongPasswordProof(slow, "slow@example.com")).ms).toBeGreaterThanOrEqual(delayMs * 1.8);
    } finally {
      await slow.close();
    }
  });

  it("refuses a replayed or altered SECRET_BLOCK", async () => {
    const altered = await rawCall(server, "RespondToAuthChallenge", {
      ClientId: "baukasten-console",
      ChallengeName: "PASSWORD_VERIFIER",
      ChallengeResponses: {
        USERNAME: "x",
        PASSWORD_CLAIM_SECRET_BLOCK: Buffer.alloc(64, 1).toString("base64"),
        PASSWORD_CLAIM_SIGNATURE: "AAAA",
        TIMESTAMP: "Mon Jan 6 10:00:00 UTC 2025",
      },
    });
    expect(altered.status).toBe(400);
    expect(altered.body.__type).toBe("NotAuthorizedException");
  });
});

describe("refresh", () => {
  it("issues new tokens for the refresh token and keeps the refresh token", async () => {
    const { user, session } = await registeredUser(server, "refresh@example.com", PASSWORD);
    // A second later, so the new tokens differ; the clock moves without real waiting.
    vi.setSystemTime(Date.now() + 1100);
    const refreshed = await new Promise<any>((resolve, reject) =>
      user.refreshSession(session.getRefreshToken(), (error: unknown, result: unknown) => (error ? reject(error) : resolve(result))),
    ).finally(() => vi.useRealTimers());
    expect(refreshed.getAccessToken().getJwtToken()).not.toBe(session.getAccessToken().getJwtToken());
    expect(refreshed.getRefreshToken().getToken()).toBe(session.getRefreshToken().getToken());
    expect(refreshed.getAccessToken().payload.auth_time).toBe(session.getAccessToken().payload.auth_time);
    expect(await server.service.verifyAccessToken(refreshed.getAccessToken().getJwtToken())).not.toBeNull();
  });

  it("refreshes through getSession once the access token has expired", async () => {
    const shortLived = await startAuthServer({ db: server.db, accessTokenTtlSeconds: 1 });
    try {
      const { user, session } = await registeredUser(shortLived, "expiring@example.com", PASSWORD);
      const first = session.getAccessToken().getJwtToken();
      vi.setSystemTime(Date.now() + 2100);
      expect(await shortLived.service.verifyAccessToken(first)).toBeNull();
      const again = await new Promise<any>((resolve, reject) =>
        user.getSession((error: unknown, result: unknown) => (error ? reject(error) : resolve(result))),
      );
      const second = again.getAccessToken().getJwtToken();
      expect(second).not.toBe(first);
      expect(await shortLived.service.verifyAccessToken(second)).not.toBeNull();
    } finally {
      vi.useRealTimers();
      await shortLived.close();
    }
  });

  it("refuses an unknown refresh token", async () => {
    const response = await rawCall(server, "InitiateAuth", {
      ClientId: "baukasten-console",
      AuthFlow: "REFRESH_TOKEN_AUTH",
      AuthParameters: { REFRESH_TOKEN: "made-up", DEVICE_KEY: null },
    });
    expect(response.status).toBe(400);
    expect(response.body.__type).toBe("NotAuthorizedException");
  });
});
