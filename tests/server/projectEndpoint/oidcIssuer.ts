import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

/**
 * A tiny OIDC issuer for tests: discovery at /.well-known/openid-configuration, its JWKS at
 * /jwks, and tokens signed with its key. `stall` makes it never answer, `hugeJwks` answer a
 * JWKS far over any sane size, so the server's limits can be seen to hold.
 */
export async function startOidcIssuer(options: { stall?: boolean; hugeJwks?: boolean } = {}) {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    if (options.stall) return; // never answers; the socket closes with the server
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (req.url === "/.well-known/openid-configuration") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ issuer: base, jwks_uri: `${base}/jwks` }));
    }
    if (req.url === "/jwks") {
      res.writeHead(200, { "content-type": "application/json" });
      const padding = options.hugeJwks ? Array.from({ length: 5_000 }, (_, index) => ({ ...jwk, kid: `pad-${index}` })) : [];
      return res.end(JSON.stringify({ keys: [jwk, ...padding] }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuerUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    issuerUrl,
    requests: () => requests,
    /** A token of this issuer; every claim can be overridden (set undefined to leave one out). */
    async token(claims: JWTPayload & { sub: string }, overrides: { audience?: string; issuer?: string; expiresIn?: string | number; notBefore?: string | number; key?: CryptoKey } = {}) {
      let jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "test-key" })
        .setIssuedAt()
        .setIssuer(overrides.issuer ?? issuerUrl)
        .setAudience(overrides.audience ?? "test-client")
        .setExpirationTime(overrides.expiresIn ?? "10m");
      if (overrides.notBefore !== undefined) jwt = jwt.setNotBefore(overrides.notBefore);
      return jwt.sign(overrides.key ?? privateKey);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type OidcIssuer = Awaited<ReturnType<typeof startOidcIssuer>>;
