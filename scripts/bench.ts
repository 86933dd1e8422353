// `npm run bench`: measures what the targets in DEVELOPERS.md name, against the built product.
//   - gzip bytes of the JavaScript the browser loads for /login
//   - platform GraphQL requests for the navigation login -> dashboard
//   - requests and waterfall depth of a reload of signed-in pages (scripts/bench-routes.ts)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { reportReloads } from "./bench-routes";
import { AuthenticationDetails, CognitoUser, CognitoUserAttribute, CognitoUserPool } from "amazon-cognito-identity-js";

const PORT = Number(process.env.BENCH_PORT ?? 4510);
const MAILBOX_TOKEN = "bench-mailbox-token";
const URL_BASE = `http://localhost:${PORT}`;
const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = "Baukasten1";

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "baukasten-bench-"));
  const server = spawn(process.execPath, ["dist/server/index.mjs"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "silent", MAILBOX_TOKEN },
    stdio: "inherit",
  });
  try {
    await waitForServer();
    const ids = await createUserWithWorkspace();
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), gzipSync(body).length);
    });
    await page.goto(`${URL_BASE}/login`, { waitUntil: "networkidle" });
    const loginBytes = [...scripts.values()].reduce((sum, size) => sum + size, 0);

    let graphqlRequests = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/graphql") graphqlRequests++;
    });
    await page.getByLabel(/^email/i).fill(EMAIL);
    await page.getByLabel(/^password/i).fill(PASSWORD);
    const started = Date.now();
    await page.getByRole("button", { name: /log in|sign in/i }).click();
    await page.getByTestId("project-grid").waitFor();
    const elapsed = Date.now() - started;
    await page.waitForLoadState("networkidle");
    await reportReloads(page, URL_BASE, ids);
    await browser.close();

    console.log(`login page JavaScript: ${(loginBytes / 1024).toFixed(1)} KB gzip in ${scripts.size} files (target < 200 KB)`);
    console.log(`login -> dashboard: ${graphqlRequests} platform GraphQL requests, ${elapsed} ms to the project grid`);
  } finally {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForServer() {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`${URL_BASE}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

async function createUserWithWorkspace() {
  const pool = new CognitoUserPool({ UserPoolId: "local_baukasten", ClientId: "baukasten-console", endpoint: `${URL_BASE}/auth` });
  await new Promise((resolve, reject) =>
    pool.signUp(EMAIL, PASSWORD, [new CognitoUserAttribute({ Name: "email", Value: EMAIL })], [], (error, result) => (error ? reject(error) : resolve(result))),
  );
  const mails = (await (await fetch(`${URL_BASE}/mail.json?to=${encodeURIComponent(EMAIL)}&token=${MAILBOX_TOKEN}`)).json()) as { text: string }[];
  const code = mails[0].text.match(/\b(\d{6})\b/)![1];
  const user = new CognitoUser({ Username: EMAIL, Pool: pool });
  await new Promise((resolve, reject) => user.confirmRegistration(code, false, (error, result) => (error ? reject(error) : resolve(result))));
  const session = await new Promise<import("amazon-cognito-identity-js").CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: EMAIL, Password: PASSWORD }), { onSuccess: resolve, onFailure: reject }),
  );
  const token = session.getAccessToken().getJwtToken();
  const call = (query: string, variables: object) =>
    fetch(`${URL_BASE}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ query, variables }),
    }).then((response) => response.json());
  await call(`mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }`, {
    input: { id: session.getIdToken().payload.sub, email: EMAIL },
  });
  const created = await call(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Bench" } });
  const orgId: string = created.data.createOrg.org.id;
  const api = await call(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } });
  return { orgId, apiId: api.data.createApi.api.id as string };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
