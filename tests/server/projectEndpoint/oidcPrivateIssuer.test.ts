// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import { boundedFetch } from "../../../server/projectEndpoint/access/callers/boundedFetch";
import { isPublicAddress, PrivateAddressError } from "../../../server/projectEndpoint/access/callers/publicAddress";
import { liveProject, type LiveProject } from "./fixture";
import { startOidcIssuer, type OidcIssuer } from "./oidcIssuer";

/**
 * A project's OIDC issuer URL is chosen by a workspace member, and the server fetches its
 * discovery document and JWKS: without a check on the address, a member could make the server
 * probe its own network. Such issuers are refused unless OIDC_ALLOW_PRIVATE_ISSUERS is set.
 */
const LIST = `{ listAuthor { items { id } } }`;
let issuer: OidcIssuer;
const projects: LiveProject[] = [];
beforeAll(async () => {
  issuer = await startOidcIssuer();
});
afterAll(async () => {
  await Promise.all(projects.map((p) => p.t.close()));
  await issuer?.close();
});

async function projectUsing(issuerUrl: string, env: Record<string, string> = {}) {
  const p = await liveProject(undefined, env);
  projects.push(p);
  await p.t.platform.db
    .updateTable("apis")
    .set({ default_auth_mode: "aws_oidc", additional_auth_modes: JSON.stringify([]), oidc: JSON.stringify({ clientId: "test-client", issuerUrl }) })
    .where("id", "=", p.apiId)
    .execute();
  return p;
}

describe("an OIDC issuer on a private address", () => {
  it("is refused without OIDC_ALLOW_PRIVATE_ISSUERS: the token is unauthorized and the issuer is never asked", async () => {
    const p = await projectUsing(issuer.issuerUrl);
    const before = issuer.requests();
    const result = await p.call(LIST, {}, { token: `Bearer ${await issuer.token({ sub: "alice" })}` });
    expect(result.status).toBe(401);
    expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(issuer.requests()).toBe(before);
  }, 60_000);

  it("is refused when its name resolves to loopback (localhost), not only as a literal address", async () => {
    const byName = issuer.issuerUrl.replace("127.0.0.1", "localhost");
    const p = await projectUsing(byName);
    const before = issuer.requests();
    const result = await p.call(LIST, {}, { token: `Bearer ${await issuer.token({ sub: "alice" }, { issuer: byName })}` });
    expect(result.status).toBe(401);
    expect(issuer.requests()).toBe(before);
  }, 60_000);

  it("works with OIDC_ALLOW_PRIVATE_ISSUERS=1", async () => {
    const p = await projectUsing(issuer.issuerUrl, { OIDC_ALLOW_PRIVATE_ISSUERS: "1" });
    const result = await p.call(LIST, {}, { token: `Bearer ${await issuer.token({ sub: "alice" })}` });
    expect(result.status).toBe(200);
    expect(result.data.listAuthor.items).toEqual([]);
  }, 60_000);
});

describe("which addresses count as private", () => {
  it.each([
    "169.254.169.254",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "127.0.0.1",
    "127.8.9.10",
    "0.0.0.0",
    "100.64.0.1",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "2002:7f00:1::",
    "64:ff9b::a00:1",
  ])("%s is refused", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "93.184.216.34", "2a00:1450:4001:80b::200e"])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("boundedFetch", () => {
  let server: Server;
  let requests = 0;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      if (req.url === "/moved") return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const limits = { timeoutMs: 3_000, maxBytes: 1024 };

  it("refuses literal private addresses, IPv6 loopback and names resolving to them before connecting", async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://[::1]:${port}/`, `http://localhost:${port}/`, "http://169.254.169.254/latest/meta-data/"]) {
      await expect(boundedFetch(url, limits)).rejects.toBeInstanceOf(PrivateAddressError);
    }
    expect(requests).toBe(0);
  });

  it("connects to them when allowed", async () => {
    const response = await boundedFetch(`http://127.0.0.1:${port}/`, { ...limits, allowPrivateAddresses: true });
    expect(await response.text()).toBe("ok");
    expect(requests).toBe(1);
  });

  it("does not follow a redirect, so it cannot be sent on to a private address", async () => {
    const response = await boundedFetch(`http://127.0.0.1:${port}/moved`, { ...limits, allowPrivateAddresses: true });
    expect(response.status).toBe(302);
    expect(requests).toBe(2);
  });

  it("refuses other schemes", async () => {
    await expect(boundedFetch("file:///etc/passwd", limits)).rejects.toThrow(/not an http/);
  });
});
