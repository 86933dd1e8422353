// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, TEST_MAILBOX_TOKEN, type TestPlatform } from "../harness";

/*
 * "Add Permissions-Policy and Cross-Origin-Opener-Policy to the console's responses": every
 * answer, whichever branch of the server writes it (the console's page and assets, the mailbox,
 * the checkout page, GraphQL, the project API and its streams), carries both.
 */
let t: TestPlatform;
let dist: string;
beforeAll(async () => {
  // A built console of its own, so the page and an asset are served as in production.
  dist = mkdtempSync(join(tmpdir(), "console-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), `<!doctype html><html><head><!--baukasten-config--><script>window.boot = 1;</script></head><body></body></html>`);
  writeFileSync(join(dist, "assets", "app-1a2b3c.js"), "console.log('console');");
  t = await startTestPlatform({}, { consoleDist: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const json = { method: "POST", headers: { "content-type": "application/json" }, body: '{"query":"{ __typename }"}' };

describe("Permissions-Policy and Cross-Origin-Opener-Policy", () => {
  it("are on every answer: console page and asset, mailbox, checkout page, GraphQL, auth, project API", async () => {
    const answers: [string, RequestInit, number][] = [
      ["/", {}, 200],
      ["/index.html", {}, 200],
      ["/orgs/some/projects", {}, 200],
      ["/assets/app-1a2b3c.js", {}, 200],
      ["/assets/missing.js", {}, 404],
      [`/mail?token=${TEST_MAILBOX_TOKEN}`, {}, 200],
      ["/mail", {}, 404],
      ["/mail.json", { headers: { authorization: `Bearer ${TEST_MAILBOX_TOKEN}` } }, 200],
      ["/pay/checkout/cs_0123abcd", {}, 403],
      ["/healthz", {}, 200],
      ["/graphql", json, 200],
      ["/auth", { method: "POST", body: "{}" }, 400],
      ["/p/no-such-project/graphql", json, 404],
      ["/p/no-such-project/export.csv?table=Note", {}, 404],
      ["/p/no-such-project/files/a.txt", {}, 404],
    ];
    for (const [path, init, status] of answers) {
      const response = await fetch(`${t.url}${path}`, init);
      await response.arrayBuffer();
      expect(response.status, path).toBe(status);
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
      const policy = response.headers.get("permissions-policy") ?? "";
      for (const off of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()", "clipboard-read=()"]) expect(policy, path).toContain(off);
      // The copy buttons write to the clipboard from the console's own page.
      expect(policy, path).toContain("clipboard-write=(self)");
    }
  });

  it("keep the mailbox page's own stricter CSP beside them", async () => {
    const response = await fetch(`${t.url}/mail?token=${TEST_MAILBOX_TOKEN}`);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});
