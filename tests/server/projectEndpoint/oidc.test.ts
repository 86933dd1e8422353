// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateKeyPair, UnsecuredJWT } from "jose";
import { liveProject, type LiveProject } from "./fixture";
import { startOidcIssuer, type OidcIssuer } from "./oidcIssuer";
import { encodeHeader, openAppsyncSocket } from "./appsyncSocket";

/** Spec §7 "authorization with a user-pool access token or an OIDC bearer token", for a project whose auth mode is aws_oidc. */
let p: LiveProject;
let issuer: OidcIssuer;
const others: OidcIssuer[] = [];
beforeAll(async () => {
  // The test issuer listens on 127.0.0.1, which only this setting lets the server ask.
  p = await liveProject(undefined, { OIDC_ALLOW_PRIVATE_ISSUERS: "1" });
  issuer = await startOidcIssuer();
  await useOidc(issuer.issuerUrl);
}, 60_000);
afterAll(async () => {
  await p?.t.close();
  await issuer?.close();
  await Promise.all(others.map((other) => other.close()));
});

async function useOidc(issuerUrl: string, clientId = "test-client") {
  await p.t.platform.db
    .updateTable("apis")
    .set({ default_auth_mode: "aws_oidc", additional_auth_modes: JSON.stringify(["aws_api_key"]), oidc: JSON.stringify({ clientId, issuerUrl }) })
    .where("id", "=", p.apiId)
    .execute();
}

const LIST = `{ listAuthor { items { id } } }`;
const bearer = (token: string) => ({ token: `Bearer ${token}` });

async function expectRefused(token: string) {
  const result = await p.call(LIST, {}, bearer(token));
  expect(result.status).toBe(401);
  expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  expect(result.data).toBeUndefined();
}

describe("OIDC bearer tokens on /p/<apiId>/graphql", () => {
  it("accepts a token of the project's issuer for its clientId", async () => {
    const token = await issuer.token({ sub: "alice", email: "alice@example.com" });
    const result = await p.call(LIST, {}, bearer(token));
    expect(result.status).toBe(200);
    expect(result.data.listAuthor.items).toEqual([]);
  });

  it("accepts the raw token without Bearer, as Amplify sends it, over HTTP and AppSync's realtime socket", async () => {
    const token = await issuer.token({ sub: "alice", email: "alice@example.com" });
    const result = await p.call(LIST, {}, { token });
    expect(result.status).toBe(200);
    const auth = { Authorization: token, host: new URL(p.t.url).host };
    const socket = await openAppsyncSocket(`${p.t.url.replace("http", "ws")}/p/${p.apiId}/graphql/realtime`, ["graphql-ws", `header-${encodeHeader(auth)}`]);
    try {
      socket.send({ type: "connection_init" });
      await socket.next((m) => m.type === "connection_ack");
      socket.send({ id: "oidc", type: "start", payload: { data: JSON.stringify({ query: `subscription { onCreateAuthor { id } }` }), extensions: { authorization: auth } } });
      await socket.next((m) => m.type === "start_ack" && m.id === "oidc");
    } finally {
      socket.ws.terminate();
    }
  });

  it("refuses a token for another audience (401)", async () => {
    await expectRefused(await issuer.token({ sub: "alice" }, { audience: "another-client" }));
  });

  it("refuses a token of another issuer (401)", async () => {
    await expectRefused(await issuer.token({ sub: "alice" }, { issuer: "https://login.example.com" }));
  });

  it("refuses an expired token and one not valid yet (401)", async () => {
    await expectRefused(await issuer.token({ sub: "alice" }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }));
    await expectRefused(await issuer.token({ sub: "alice" }, { notBefore: "1h" }));
  });

  it("refuses an unsigned token (alg none) and one signed by a key the issuer never published (401)", async () => {
    const unsigned = new UnsecuredJWT({ sub: "alice" }).setIssuer(issuer.issuerUrl).setAudience("test-client").setExpirationTime("10m").encode();
    await expectRefused(unsigned);
    const { privateKey } = await generateKeyPair("RS256");
    await expectRefused(await issuer.token({ sub: "alice" }, { key: privateKey }));
  });

  it("refuses OIDC tokens when the project does not use OIDC", async () => {
    const token = await issuer.token({ sub: "alice" });
    await p.t.platform.db.updateTable("apis").set({ default_auth_mode: "aws_api_key", additional_auth_modes: JSON.stringify([]) }).where("id", "=", p.apiId).execute();
    try {
      await expectRefused(token);
    } finally {
      await useOidc(issuer.issuerUrl);
    }
  });

  it("asks the issuer once for its keys, not on every request", async () => {
    const before = issuer.requests();
    for (let i = 0; i < 3; i++) expect((await p.call(LIST, {}, bearer(await issuer.token({ sub: `user-${i}` })))).status).toBe(200);
    expect(issuer.requests()).toBe(before);
  });

  it("gives up on an issuer that never answers, with 401, instead of hanging", async () => {
    const stalled = await startOidcIssuer({ stall: true });
    others.push(stalled);
    await useOidc(stalled.issuerUrl);
    try {
      await expectRefused(await stalled.token({ sub: "alice" }));
      // A dead issuer is remembered for a while: the next token does not wait again.
      const started = Date.now();
      await expectRefused(await stalled.token({ sub: "bob" }));
      expect(stalled.requests()).toBe(1);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await useOidc(issuer.issuerUrl);
    }
  }, 20_000);

  it("refuses tokens of an issuer whose key set is too large to read (401)", async () => {
    const huge = await startOidcIssuer({ hugeJwks: true });
    others.push(huge);
    await useOidc(huge.issuerUrl);
    try {
      await expectRefused(await huge.token({ sub: "alice" }));
    } finally {
      await useOidc(issuer.issuerUrl);
    }
  });
});
