// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Plugin } from "graphql-yoga";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Context } from "../../server/graphqlKit/context";
import { startTestPlatform, TEST_MAILBOX_TOKEN, type TestPlatform } from "./harness";

/*
 * One HTTP stack: every path is a route of one router whose middleware sets the security headers,
 * and GraphQL is yoga's, HTTP layer included, for every request shape.
 */
let t: TestPlatform;
let dist: string;
/** What a yoga plugin hooking HTTP saw: the paths of the requests it was handed. */
const seenByPlugin: string[] = [];
const httpPlugin: Plugin<Context> = {
  onRequest({ request }) {
    seenByPlugin.push(new URL(request.url).pathname);
  },
  onResponse({ response }) {
    response.headers.set("x-answered-by-plugin", "yes");
  },
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "console-dist-"));
  writeFileSync(join(dist, "index.html"), `<!doctype html><html><head><!--baukasten-config--></head><body></body></html>`);
  t = await startTestPlatform({}, { consoleDist: dist, graphqlPlugins: [httpPlugin] });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const graphqlJson = { method: "POST", headers: { "content-type": "application/json" }, body: '{"query":"{ __typename }"}' };
const preflight = { method: "OPTIONS", headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" } };

/** For each pattern the router has, requests that it serves (a new route without a line here fails the test). */
const EXAMPLES: Record<string, [string, RequestInit][]> = {
  "/graphql": [["/graphql", graphqlJson], ["/graphql", preflight], ["/graphql?query=%7B__typename%7D", {}]],
  "/p/:apiId/graphql": [["/p/no-such-project/graphql", graphqlJson], ["/p/no-such-project/graphql", preflight]],
  "/p/:apiId/export.csv": [["/p/no-such-project/export.csv?table=Note", {}]],
  "/p/:apiId/activities.csv": [["/p/no-such-project/activities.csv", {}]],
  "/p/:apiId/imports": [["/p/no-such-project/imports?table=Note", {}]],
  "/p/:apiId/imports/:importId": [["/p/no-such-project/imports/imp1", {}]],
  "/p/:apiId/imports/:importId/failed.csv": [["/p/no-such-project/imports/imp1/failed.csv", {}]],
  "/p/:apiId/files/*key": [["/p/no-such-project/files/a/b.txt", {}], ["/p/no-such-project/files/a.txt", preflight]],
  "/p/:apiId/functions/*key": [["/p/no-such-project/functions/f.js", {}], ["/p/no-such-project/functions/f.js", { method: "POST", body: "{}" }], ["/p/no-such-project/functions/f.js", preflight]],
  "/apps/:appId": [["/apps/app_none", {}]],
  "/apps/:appId/": [["/apps/app_none/", {}]],
  "/apps/:appId/*rest": [["/apps/app_none/logo", {}], ["/apps/app_none/views/v1", {}], ["/apps/app_none/logo", { method: "PUT", body: "x" }]],
  "/p/:apiId/flows/:flowId/webhook": [["/p/no-such-project/flows/flow_x/webhook", { method: "POST", body: "{}" }], ["/p/no-such-project/flows/flow_x/webhook", preflight]],
  "/auth": [["/auth", { method: "POST", body: "{}" }]],
  "/auth/*rest": [["/auth/local_baukasten/.well-known/jwks.json", {}]],
  "/mail": [[`/mail?token=${TEST_MAILBOX_TOKEN}`, {}], ["/mail", {}]],
  "/mail.json": [["/mail.json", { headers: { authorization: `Bearer ${TEST_MAILBOX_TOKEN}` } }]],
  "/pay/*rest": [["/pay/checkout/cs_0123abcd", {}]],
  "/healthz": [["/healthz", {}]],
  "/readyz": [["/readyz", {}]],
  "*path": [["/", {}], ["/orgs/some/projects", {}], ["/p/not%20an%20id/graphql", {}]],
};

describe("the router", () => {
  it("has an example for every route, and every route's answer carries the security headers", async () => {
    expect(Object.keys(EXAMPLES)).toEqual(t.platform.routes.http);
    for (const [pattern, requests] of Object.entries(EXAMPLES)) {
      for (const [path, init] of requests) {
        const response = await fetch(`${t.url}${path}`, init);
        await response.arrayBuffer();
        const what = `${pattern}: ${init.method ?? "GET"} ${path} (${response.status})`;
        expect(response.status, what).toBeLessThan(500);
        expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
        expect(response.headers.get("x-frame-options"), what).toBe("DENY");
        expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
        expect(response.headers.get("cross-origin-opener-policy"), what).toBe("same-origin");
        expect(response.headers.get("permissions-policy"), what).toContain("camera=()");
        expect(response.headers.get("content-security-policy"), what).toMatch(/default-src/);
      }
    }
  });

  it("takes WebSocket upgrades on both GraphQL paths and the project's AppSync realtime path only", () => {
    expect(t.platform.routes.upgrade).toEqual(["/graphql", "/p/:apiId/graphql", "/p/:apiId/graphql/realtime"]);
  });
});

describe("a yoga plugin that hooks HTTP", () => {
  it("runs on the plain JSON POST the console sends (once answered beside yoga)", async () => {
    seenByPlugin.length = 0;
    const response = await fetch(`${t.url}/graphql`, { ...graphqlJson, headers: { ...graphqlJson.headers, accept: "application/json" } });
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
    expect(response.headers.get("x-answered-by-plugin")).toBe("yes");
    expect(seenByPlugin).toEqual(["/graphql"]);
  });

  it("runs on a console operation sent by its persisted id", async () => {
    seenByPlugin.length = 0;
    const response = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: "no-such-operation" } } }),
    });
    await response.arrayBuffer();
    expect(response.headers.get("x-answered-by-plugin")).toBe("yes");
    expect(seenByPlugin).toEqual(["/graphql"]);
  });
});
