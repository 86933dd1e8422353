// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectCognitoError, rawCall, registeredUser, signIn, newClient, startAuthServer, type AuthServer } from "./harness";

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

const PASSWORD = "Strand2024p";

const refreshWith = (refreshToken: string) =>
  rawCall(server, "InitiateAuth", {
    ClientId: "baukasten-console",
    AuthFlow: "REFRESH_TOKEN_AUTH",
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });

describe("sign-out", () => {
  it("GlobalSignOut ends every sign-in: access tokens and refresh tokens stop working", async () => {
    const { user, session } = await registeredUser(server, "global@example.com", PASSWORD);
    const other = await signIn(newClient(server), "global@example.com", PASSWORD);
    // Verified (and remembered) before the sign-out, as by any API request, so the sign-out must reach that memory.
    for (const s of [session, other.session]) expect(await server.service.verifyAccessToken(s.getAccessToken().getJwtToken())).not.toBeNull();

    await new Promise((resolve, reject) => user.globalSignOut({ onSuccess: resolve, onFailure: reject }));

    for (const s of [session, other.session]) {
      expect(await server.service.verifyAccessToken(s.getAccessToken().getJwtToken())).toBeNull();
      const refreshed = await refreshWith(s.getRefreshToken().getToken());
      expect(refreshed.body).toEqual({ __type: "NotAuthorizedException", message: "Refresh Token has been revoked" });
    }
    const getUser = await rawCall(server, "GetUser", { AccessToken: other.session.getAccessToken().getJwtToken() });
    expect(getUser.body.__type).toBe("NotAuthorizedException");

    // Signing in again right away works: revocation is per sign-in, not a per-user clock.
    const again = await signIn(newClient(server), "global@example.com", PASSWORD);
    expect(await server.service.verifyAccessToken(again.session.getAccessToken().getJwtToken())).not.toBeNull();
  });

  it("signOut revokes this sign-in's refresh token and clears storage, leaving other sign-ins alone", async () => {
    const { client, user, session } = await registeredUser(server, "local@example.com", PASSWORD);
    const other = await signIn(newClient(server), "local@example.com", PASSWORD);
    for (const s of [session, other.session]) expect(await server.service.verifyAccessToken(s.getAccessToken().getJwtToken())).not.toBeNull();

    await new Promise<void>((resolve) => user.signOut(() => resolve()));

    expect(client.storage.items.size).toBe(0);
    expect((await refreshWith(session.getRefreshToken().getToken())).status).toBe(400);
    expect(await server.service.verifyAccessToken(session.getAccessToken().getJwtToken())).toBeNull();
    expect(await server.service.verifyAccessToken(other.session.getAccessToken().getJwtToken())).not.toBeNull();
    expect((await refreshWith(other.session.getRefreshToken().getToken())).status).toBe(200);
  });

  it("answers RevokeToken for an unknown token without an error the library would retry", async () => {
    const response = await rawCall(server, "RevokeToken", { ClientId: "baukasten-console", Token: "unknown" });
    expect(response.status).toBe(200);
  });

  it("refuses authenticated calls after the access token's sign-in ended", async () => {
    const { user } = await registeredUser(server, "after@example.com", PASSWORD);
    await new Promise((resolve, reject) => user.globalSignOut({ onSuccess: resolve, onFailure: reject }));
    const error = await expectCognitoError(
      new Promise((resolve, reject) =>
        user.changePassword(PASSWORD, "Another2024x", (e, r) => (e ? reject(e) : resolve(r))),
      ),
    );
    expect(error.code).toBe("NotAuthorizedException");
    expect(error.message).toBe("Access Token has been revoked");
  });
});
