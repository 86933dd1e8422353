// @vitest-environment node
import { serverAudits } from "graphql-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProject, type LiveProject } from "./fixture";

/**
 * A project's own API "speaks GraphQL over HTTP as the platform endpoint does: the
 * graphql-http audit passes on it" — every audit of the GraphQL-over-HTTP spec, run against the
 * real endpoints: the project's with its API key, the platform's with a member's token (the
 * audit introspects, which anonymous callers may not). And the CORS that customer apps need.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(() => p?.t.close());

function withHeaders(extra: Record<string, string>): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return fetch(input, { ...init, headers });
  };
}

describe.each([
  ["a project's API", () => ({ url: `${p.t.url}/p/${p.apiId}/graphql`, fetchFn: withHeaders({ "x-api-key": p.apiKey }) })],
  ["the platform API", () => ({ url: `${p.t.url}/graphql`, fetchFn: withHeaders({ authorization: `Bearer ${p.owner.token}` }) })],
])("the graphql-http audit on %s", (_name, target) => {
  for (const audit of serverAudits({ url: () => target().url, fetchFn: (...args: Parameters<typeof fetch>) => target().fetchFn(...args) })) {
    it(audit.name, async () => {
      const result = await audit.fn();
      expect(result.status === "ok" ? "ok" : `${result.status}: ${result.reason}`).toBe("ok");
    });
  }
});

describe("customer apps call a project's API from their own origins", () => {
  const origin = "https://shop.example";

  it("answers the preflight for any origin, with the API key header and never credentials", async () => {
    const response = await fetch(`${p.t.url}/p/${p.apiId}/graphql`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, x-api-key" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")).toContain("x-api-key");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("lets the app read answers, and still asks who calls", async () => {
    const call = (headers: Record<string, string>) =>
      fetch(`${p.t.url}/p/${p.apiId}/graphql`, {
        method: "POST",
        headers: { origin, "content-type": "application/json", ...headers },
        body: JSON.stringify({ query: "{ __typename }" }),
      });
    const withKey = await call({ "x-api-key": p.apiKey });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get("access-control-allow-origin")).toBe("*");
    const anonymous = await call({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("keeps the platform's own API closed to other origins", async () => {
    const response = await fetch(`${p.t.url}/graphql`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});
