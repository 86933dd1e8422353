// @vitest-environment node
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PROVIDER_CLIENT_ID_MAX_LENGTH, QUERY_EXPLORER_STRING_MAX_LENGTH } from "../../../src/domain/limits";
import { DateTime } from "../../../server/graphqlKit/dateTime";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";

/** "The HTTP edge": headers, CORS, odd URLs and oversized or broken inputs. */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ CORS_ORIGINS: "https://partner.example" });
});
afterAll(() => t.close());

/** Sends exactly these bytes, bypassing fetch's own URL and header checks. */
function rawGet(path: string, host: string): Promise<number> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET", setHost: false, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("security headers", () => {
  it("every answer carries CSP, nosniff and the referrer policy", async () => {
    for (const [path, init] of [
      ["/", {}],
      ["/healthz", {}],
      ["/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: '{"query":"{ __typename }"}' }],
      ["/auth", { method: "POST", body: "{}" }],
      ["/mail.json", {}],
    ] as const) {
      const response = await fetch(`${t.url}${path}`, init);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/script-src 'self'/);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    fetch(`${t.url}/graphql`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, authorization" },
    });

  it("never grants an arbitrary Origin, with or without credentials", async () => {
    for (const path of ["/graphql", "/auth"]) {
      const response = await fetch(`${t.url}${path}`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: '{"query":"{ __typename }"}',
      });
      expect(response.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(response.headers.get("access-control-allow-credentials"), path).toBeNull();
    }
    const refused = await preflight("https://evil.example");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("grants the origins listed in CORS_ORIGINS, without credentials", async () => {
    const allowed = await preflight("https://partner.example");
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    const call = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { origin: "https://partner.example", "content-type": "application/json" },
      body: '{"query":"{ __typename }"}',
    });
    expect(call.headers.get("access-control-allow-origin")).toBe("https://partner.example");
  });
});

describe("odd requests answer 400, not 500", () => {
  it("GET /%E0%A4%A", async () => {
    expect(await rawGet("/%E0%A4%A", "localhost")).toBe(400);
  });

  it("a malformed Host header", async () => {
    expect(await rawGet("/", "local host:99999")).toBe(400);
    expect(await rawGet("/healthz", "[::1")).toBe(400);
  });
});

describe("text inputs have limits", () => {
  const CREATE_ORG = `mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`;
  const CREATE_API = `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`;
  const UPDATE_API = `mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id queryExplorerString } }`;

  async function ownProject() {
    const owner = await t.signUp(uniqueEmail("limits"));
    const org = await t.graphql(CREATE_ORG, { input: { name: "Limits" } }, owner.token);
    const api = await t.graphql(CREATE_API, { input: { orgId: org.data.createOrg.org.id, name: "Shop" } }, owner.token);
    return { token: owner.token, apiId: api.data.createApi.api.id as string };
  }

  it("authProviderClientId over 256 characters and a 5 MB string are refused with a message key", async () => {
    const { token, apiId } = await ownProject();
    const long = await t.graphql(UPDATE_API, { input: { id: apiId, authProviderClientId: "x".repeat(AUTH_PROVIDER_CLIENT_ID_MAX_LENGTH + 1) } }, token);
    expect(long.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_input_too_long", maxLength: 256 });
    const explorer = await t.graphql(UPDATE_API, { input: { id: apiId, queryExplorerString: "x".repeat(QUERY_EXPLORER_STRING_MAX_LENGTH + 1) } }, token);
    expect(explorer.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_input_too_long" });
    // A 5 MB string never gets that far: the request body is over its 1 MB limit.
    const huge = await t.graphql(UPDATE_API, { input: { id: apiId, queryExplorerString: "x".repeat(5 * 1024 * 1024) } }, token);
    expect(huge.status).toBe(413);
    expect(huge.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_body_too_large" });

    // Inline in the query text as well as in variables; the same text sent again (its verdict
    // is kept per parsed document) is refused again.
    const inlineQuery = `mutation { updateApi(input: { id: "${apiId}", queryExplorerString: "${"y".repeat(QUERY_EXPLORER_STRING_MAX_LENGTH + 1)}" }) { id } }`;
    for (const attempt of [1, 2]) {
      const inline = await t.graphql(inlineQuery, {}, token);
      expect(inline.errors?.[0].extensions, `attempt ${attempt}`).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_input_too_long" });
    }

    // Nothing was written; limits themselves are accepted.
    const fits = await t.graphql(UPDATE_API, { input: { id: apiId, authProviderClientId: "x".repeat(AUTH_PROVIDER_CLIENT_ID_MAX_LENGTH) } }, token);
    expect(fits.errors).toBeUndefined();
    expect(fits.data.updateApi.queryExplorerString ?? "").not.toContain("xxxx");
  });

  it("a NUL character is BAD_USER_INPUT, not a masked internal error", async () => {
    const owner = await t.signUp(uniqueEmail("nul"));
    const result = await t.graphql(CREATE_ORG, { input: { name: "Ac\u0000me" } }, owner.token);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_input_nul_character" });
  });

  it("an out-of-range date is BAD_USER_INPUT with a message key", () => {
    for (const value of ["99999-01-01T00:00:00Z", "2024-13-45", "yesterday"]) {
      expect(() => DateTime.parseValue(value), value).toThrow(expect.objectContaining({ extensions: expect.objectContaining({ code: "BAD_USER_INPUT", messageId: "error_invalid_date" }) }));
    }
    expect(DateTime.parseValue("2024-02-29T12:00:00Z")).toBe("2024-02-29T12:00:00.000Z");
  });
});

describe("the sign-in service", () => {
  it("a NUL character in a call is a client error, not HTTP 500", async () => {
    for (const target of ["ForgotPassword", "InitiateAuth", "SignUp"]) {
      const response = await fetch(`${t.url}/auth`, {
        method: "POST",
        headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${target}` },
        body: JSON.stringify({
          ClientId: "baukasten-console",
          Username: "ann\u0000@example.com",
          Password: "Baukasten1",
          AuthFlow: "USER_SRP_AUTH",
          AuthParameters: { USERNAME: "ann\u0000@example.com", SRP_A: "abc" },
        }),
      });
      expect(response.status, target).toBe(400);
    }
  });
});
