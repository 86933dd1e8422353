// @vitest-environment node
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";

/*
 * The console opened at any of the server's own addresses (localhost, 127.0.0.1, [::1]) gets
 * upload URLs, checkout URLs and checkout return URLs at that same address, so its CSP
 * ('self') lets it upload and checkout brings it back to the same sign-in storage. A Host the
 * server does not listen at is never echoed (host-header injection); with PUBLIC_URL set,
 * console pages asked for elsewhere redirect to it.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with the Host header given, sent to the address that Host names when it is [::1] (so IPv6 is really used), else to 127.0.0.1. */
function send(port: number, host: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: host.startsWith("[::1]") ? "::1" : "127.0.0.1", port, path, method: options.method ?? "GET", headers: { host, ...options.headers } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const ADDRESS = JSON.stringify({ country: "DE", city: "Berlin", line1: "Hauptstraße 1", postalCode: "10115" });
const INTENT = `mutation ($input: UploadFileIntentInput!) { uploadFileIntent(input: $input) { uploadUrl url } }`;
const CHECKOUT = `mutation ($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { sessionUrl } }`;

describe("PUBLIC_URL unset: links follow the loopback address the console was opened at", () => {
  let p: LiveProject;
  let port: number;
  beforeAll(async () => {
    p = await liveProject(undefined, { PUBLIC_URL: "" });
    port = Number(new URL(p.t.url).port);
    const saved = await p.t.graphql(
      `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
      { input: { orgId: p.orgId, name: "Library GmbH", billingEmail: "billing@library.example", billingAddress: ADDRESS } },
      p.owner.token,
    );
    expect(saved.errors).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await p?.t.close();
  });

  const graphql = async (host: string, path: string, query: string, variables: Record<string, unknown>, headers: Record<string, string>) => {
    const answer = await send(port, host, path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ query, variables }) });
    return { ...answer, json: JSON.parse(answer.body) };
  };
  const uploadUrls = async (host: string) => {
    const answer = await graphql(host, `/p/${p.apiId}/graphql`, INTENT, { input: { key: `logo-${Math.random()}.svg`, mimeType: "image/svg+xml", accessControl: "public" } }, { "x-api-key": p.apiKey });
    expect(answer.json.errors).toBeUndefined();
    return answer.json.data.uploadFileIntent as { uploadUrl: string; url: string };
  };
  const checkoutUrl = async (host: string) => {
    const answer = await graphql(host, "/graphql", CHECKOUT, { input: { apiId: p.apiId, bundleType: "PROFESSIONAL", billingInterval: "MONTH" } }, { authorization: p.owner.token });
    expect(answer.json.errors).toBeUndefined();
    return answer.json.data.createCheckoutSession.sessionUrl as string;
  };

  for (const name of ["127.0.0.1", "localhost", "[::1]"]) {
    it(`at ${name}: upload and file URLs, the checkout page and its return are at ${name}, and the CSP allows them as 'self'`, async () => {
      const host = `${name}:${port}`;
      const origin = `http://${host}`;
      const { uploadUrl, url } = await uploadUrls(host);
      expect(new URL(uploadUrl).origin).toBe(origin);
      expect(new URL(url).origin).toBe(origin);
      // The upload itself works at that address.
      const put = await send(port, host, new URL(uploadUrl).pathname + new URL(uploadUrl).search, { method: "PUT", headers: { "content-type": "image/svg+xml" }, body: "<svg/>" });
      expect(put.status).toBe(200);

      const page = await send(port, host, "/projects");
      expect(page.headers.location).toBeUndefined();
      expect(String(page.headers["content-security-policy"])).toContain("connect-src 'self'");

      const sessionUrl = await checkoutUrl(host);
      expect(new URL(sessionUrl).origin).toBe(origin);
      const checkout = new URL(sessionUrl);
      const paid = await send(port, host, `${checkout.pathname}/pay`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: checkout.searchParams.get("token")!, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" }).toString(),
      });
      expect(paid.status).toBe(303);
      expect(String(paid.headers.location)).toMatch(new RegExp(`^${origin.replace(/[.[\]]/g, "\\$&")}/api-setup/${p.apiId}/publishing\\?session_id=cs_`));
    });
  }

  it("a Host the server does not listen at is never echoed: evil.example, another port and a spoofed name get the default address", async () => {
    for (const host of [`evil.example:${port}`, "evil.example", `localhost:${port + 1}`, `localhost.evil.example:${port}`, `127.0.0.1:${port}@evil.example`]) {
      const { uploadUrl } = await uploadUrls(host);
      expect(new URL(uploadUrl).origin).toBe(`http://localhost:${port}`);
      const sessionUrl = await checkoutUrl(host);
      expect(new URL(sessionUrl).origin).toBe(`http://localhost:${port}`);
    }
  });

  it("the sign-in token of one address is valid at the others (one issuer)", async () => {
    const viewer = `{ viewer { id } }`;
    for (const name of ["127.0.0.1", "localhost", "[::1]"]) {
      const answer = await graphql(`${name}:${port}`, "/graphql", viewer, {}, { authorization: p.owner.token });
      expect(answer.json.errors).toBeUndefined();
      expect(answer.json.data.viewer).not.toBeNull();
    }
  });
});

describe("PUBLIC_URL set: one public address", () => {
  let t: TestPlatform;
  let port: number;
  const PUBLIC_URL = "https://console.example";
  beforeAll(async () => {
    t = await startTestPlatform({ PUBLIC_URL });
    port = Number(new URL(t.url).port);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a console page asked for at another address redirects to PUBLIC_URL with its path and query", async () => {
    for (const name of ["127.0.0.1", "localhost", "[::1]"]) {
      const answer = await send(port, `${name}:${port}`, "/orgs/o1/projects?tab=all");
      expect(answer.status).toBe(308);
      expect(answer.headers.location).toBe(`${PUBLIC_URL}/orgs/o1/projects?tab=all`);
    }
    const evil = await send(port, "evil.example", "/signup");
    expect(evil.headers.location).toBe(`${PUBLIC_URL}/signup`);
  });

  it("the page at PUBLIC_URL's own host, behind a proxy, health checks and API calls are not redirected", async () => {
    expect((await send(port, "console.example", "/projects")).headers.location).toBeUndefined();
    // A proxy may have rewritten the Host: redirecting would loop.
    expect((await send(port, `127.0.0.1:${port}`, "/projects", { headers: { "x-forwarded-for": "203.0.113.9" } })).headers.location).toBeUndefined();
    expect((await send(port, `127.0.0.1:${port}`, "/healthz")).status).toBe(200);
    const api = await send(port, `127.0.0.1:${port}`, "/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: '{"query":"{ __typename }"}' });
    expect(api.status).toBe(200);
  });

  it("links in answers use PUBLIC_URL whatever the Host", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
    const orgId = org.data.createOrg.org.id as string;
    await t.graphql(
      `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
      { input: { orgId, name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: ADDRESS } },
      owner.token,
    );
    const api = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
    const answer = await send(port, `localhost:${port}`, "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: owner.token },
      body: JSON.stringify({ query: CHECKOUT, variables: { input: { apiId: api.data.createApi.api.id, bundleType: "PROFESSIONAL", billingInterval: "MONTH" } } }),
    });
    expect(new URL(JSON.parse(answer.body).data.createCheckoutSession.sessionUrl).origin).toBe(PUBLIC_URL);
  });
});
