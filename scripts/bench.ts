// `npm run bench`: measures what the targets in DEVELOPERS.md name, against the
// built product:
//   - gzip bytes of the JavaScript the browser loads for /login
//   - platform GraphQL requests for the navigation login -> dashboard
//   - the request path: p50, p95, requests/s and server CPU per request at 1 and 10
//     clients for a workspace's project list, a mutation and a list on a project's own endpoint,
//     on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL, e.g. under scripts/with-postgres.sh)
//     on PostgreSQL
//   - requests and waterfall depth of a reload of signed-in pages (scripts/bench-routes.ts)
//   - the server's RSS after start and after 10,000 mixed requests (embedded default)
//   - how fast the 30-level query is refused while /healthz is polled alongside
//   - how fast each attack of scripts/bench/attacks.ts is refused, /healthz polled alongside
//   - CSV import of 10,000 and 100,000 rows end to end, and the export of the table
//   - the data page: time to the first rows (cold, warm) and DOM rows with 10,000 loaded
//   - how fast a 300 MB answer (wide rows, five aliases) is refused, /healthz meanwhile (big-response)
//   - every filter operator over 10,000 entries loaded through the API, each sort order (filters)
//   - customer apps: the app page's JavaScript, time to its first table view with 1,000 entries, the editor route's JavaScript (apps)
//   - cloud functions: URL latency cold and warm, invocations/s at 10 clients, trigger overhead, RSS with 100 functions loaded (functions)
//   - automation flows: trigger-to-first-step latency, runs/s at 10 webhook callers, the flow editor route's JavaScript (flows)
//   - several servers on one PostgreSQL (`--servers 1,2,3`, only when asked: scripts/bench/servers.ts)
// With PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), the parts that touch the database run
// on both, each figure labelled by the database it used: the request path, publishing, the mixed
// load's RSS, the project API's lists and bulk create, CSV, the data page, the big answer, filters,
// customer apps, flows and cloud functions.
// `npm run bench -- --only=memory,request-path` runs only the named parts (PARTS below): on a
// shared machine one part at a time is what can be measured.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "@playwright/test";
import { reportReloads } from "./bench-routes";
import { createDatabase } from "../tests/server/harness";
import { PASSWORD, startServer } from "./bench/platform";
import { prepareWorkload, benchRequestPath } from "./bench/request-path";
import { formatLoad, rssMiB, runLoad } from "./bench/load";
import { benchPublish } from "./bench/publish";
import { benchProjectApis } from "./bench/project-api";
import { benchRefusal } from "./bench/refusal";
import { benchAttacks } from "./bench/attacks";
import { benchCsv } from "./bench/csv";
import { benchDataPage } from "./bench/data-page";
import { benchBigResponse } from "./bench/bigResponse";
import { benchFilters } from "./bench/filters";
import { benchFunctions, benchFunctionsRss } from "./bench/functions";
import { benchFlows } from "./bench/flows";
import { benchServers } from "./bench/servers";
import { benchApps } from "./bench/apps";

const PORT = Number(process.env.BENCH_PORT ?? 4510);

const PARTS = ["console", "request-path", "publish", "refusal", "attacks", "memory", "postgres", "project-api", "csv", "data-page", "big-response", "filters", "functions", "flows", "apps"] as const;
type Part = (typeof PARTS)[number];

/** The parts `--only=a,b` names, or every part. */
function chosenParts(args: string[]): Set<Part> {
  const only = args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  if (!only) return new Set(PARTS);
  const names = only.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`unknown bench part(s): ${unknown.join(", ")}; known: ${PARTS.join(", ")}`);
  return new Set(names as Part[]);
}

/** `--servers 1,2,3` (or `--servers=1,2,3`): the server counts to run the several-servers part with, or null. */
function serverCounts(args: string[]): number[] | null {
  const index = args.findIndex((arg) => arg === "--servers" || arg.startsWith("--servers="));
  if (index < 0) return null;
  const value = args[index].includes("=") ? args[index].slice("--servers=".length) : args[index + 1];
  const counts = (value ?? "").split(",").map(Number);
  if (!counts.length || counts.some((n) => !Number.isInteger(n) || n < 1 || n > 8)) throw new Error(`--servers takes counts from 1 to 8, e.g. --servers 1,2,3 (got "${value}")`);
  return counts;
}

/** PostgreSQL's admin URL for the parts that run there too (each makes its own database), if the run has one. */
const postgresAdminUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function main() {
  const args = process.argv.slice(2);
  const counts = serverCounts(args);
  if (counts) {
    // A part of its own: it starts its own servers and needs every core it can get.
    const postgresUrl = postgresAdminUrl();
    if (!postgresUrl) throw new Error("--servers needs PostgreSQL: run under scripts/with-postgres.sh, or set BENCH_DATABASE_URL or TEST_DATABASE_URL");
    return benchServers(postgresUrl, counts, PORT + 60);
  }
  const parts = chosenParts(args);
  const embedded = ["console", "request-path", "publish", "refusal", "attacks", "memory"] as const;
  if (embedded.some((part) => parts.has(part))) await benchEmbedded(parts);
  if (parts.has("postgres")) {
    // An admin URL: the bench creates its own database there and drops it afterwards.
    const postgresUrl = postgresAdminUrl();
    if (postgresUrl) await benchPostgres(postgresUrl);
    else console.log("PostgreSQL: skipped (run under scripts/with-postgres.sh, or set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  }
  if (parts.has("project-api")) await benchProjectApis(PORT + 10);
  if (parts.has("csv")) await benchCsv(PORT + 20);
  if (parts.has("data-page")) {
    await benchDataPage(PORT + 30);
    const postgresUrl = postgresAdminUrl();
    if (postgresUrl) await benchDataPage(PORT + 31, postgresUrl);
  }
  if (parts.has("big-response")) await benchBigResponse(PORT + 45);
  if (parts.has("apps")) {
    await benchApps(PORT + 55);
    const postgresUrl = postgresAdminUrl();
    if (postgresUrl) await benchApps(PORT + 56, postgresUrl);
  }
  if (parts.has("flows")) await onBothDatabases(benchFlows);
  if (parts.has("functions")) {
    await onBothDatabases(benchFunctions);
    await benchFunctionsRss(PORT + 50);
  }
  if (parts.has("filters")) {
    await benchFilters();
    const postgresUrl = postgresAdminUrl();
    if (postgresUrl) await benchFilters(postgresUrl);
  }
}

/**
 * A part whose platform the test harness starts (tests/server/harness.ts: PostgreSQL when
 * TEST_DATABASE_URL is set): on PGlite first, with that variable unset meanwhile, then on
 * PostgreSQL when the run has one, each labelled by the database it used.
 */
async function onBothDatabases(part: (label: string) => Promise<void>) {
  const postgresUrl = postgresAdminUrl();
  const shellValue = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  try {
    await part("PGlite");
    if (!postgresUrl) return;
    process.env.TEST_DATABASE_URL = postgresUrl;
    await part("PostgreSQL");
  } finally {
    if (shellValue === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = shellValue;
  }
}

async function benchEmbedded(parts: Set<Part>) {
  const dataDir = mkdtempSync(join(tmpdir(), "baukasten-bench-"));
  const server = await startServer(PORT, { DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    console.log(`RSS after start: ${rssMiB(server.pid).toFixed(0)} MiB (target <= 200 MiB after 10,000 requests)`);
    const email = `bench-${Date.now()}@example.com`;
    const workload = await prepareWorkload(server, email);
    // BENCH_SKIP_BROWSER: for comparing request paths (e.g. an older build via BENCH_SERVER_ENTRY).
    if (parts.has("console") && !process.env.BENCH_SKIP_BROWSER) await benchConsole(server.base, email, workload);
    if (parts.has("request-path")) await benchRequestPath(server, workload, "PGlite");
    if (parts.has("publish")) await benchPublish(server, `bench-publish-${Date.now()}@example.com`, "PGlite");
    if (parts.has("refusal")) await benchRefusal(server.base);
    if (parts.has("attacks")) await benchAttacks(server);
    // BENCH_SKIP_MIXED: leaves out the 10,000-request memory run when only the request path is compared.
    if (!parts.has("memory") || process.env.BENCH_SKIP_MIXED) return;
    const mixed = await runLoad(server.base, server.pid, workload.mixed, 10, 10_000);
    console.log(formatLoad("PGlite mixed, 10 clients", mixed));
    console.log(`PGlite: RSS after 10,000 mixed requests: ${rssMiB(server.pid).toFixed(0)} MiB (target <= 200 MiB)`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The embedded parts that touch the database, on PostgreSQL: the request path, publishing, and the mixed load's memory. */
async function benchPostgres(adminUrl: string) {
  const database = await createDatabase(adminUrl);
  const server = await startServer(PORT + 1, { DATA_DIR: "memory://", DATABASE_URL: database.url });
  try {
    const workload = await prepareWorkload(server, `bench-pg-${Date.now()}@example.com`);
    await benchRequestPath(server, workload, "PostgreSQL");
    await benchPublish(server, `bench-publish-pg-${Date.now()}@example.com`, "PostgreSQL");
    if (process.env.BENCH_SKIP_MIXED) return;
    const mixed = await runLoad(server.base, server.pid, workload.mixed, 10, 10_000);
    console.log(formatLoad("PostgreSQL mixed, 10 clients", mixed));
    console.log(`PostgreSQL: RSS after 10,000 mixed requests: ${rssMiB(server.pid).toFixed(0)} MiB (target <= 200 MiB)`);
  } finally {
    await server.stop();
    await database.drop();
  }
}

/** Login page weight and the GraphQL round trips from login to the dashboard, in Chromium. */
async function benchConsole(base: URL, email: string, ids: { orgId: string; apiId: string }) {
  const URL_BASE = base.origin;
  const EMAIL = email;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage();
  const responses: Response[] = [];
  const keepScript = (response: Response) => {
    if (response.request().resourceType() === "script") responses.push(response);
  };
  page.on("response", keepScript);
  await page.goto(`${URL_BASE}/login`);
  // The form shown and nothing more in flight: every file the page needs has arrived.
  await page.getByLabel(/^email/i).waitFor();
  await page.waitForLoadState("networkidle");
  // Only the login page's files: what signing in loads afterwards is not its weight.
  page.off("response", keepScript);
  const scripts = new Map<string, number>();
  for (const response of responses) scripts.set(response.url(), gzipSync(await response.body()).length);
  const loginBytes = [...scripts.values()].reduce((sum, size) => sum + size, 0);

  const graphqlRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/graphql") graphqlRequests.push(request.postDataJSON()?.operationName ?? "?");
  });
  await page.getByLabel(/^email/i).fill(EMAIL);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  const started = Date.now();
  await page.getByRole("button", { name: /log in|sign in/i }).click();
  await page.getByTestId("project-grid").waitFor();
  const elapsed = Date.now() - started;
  await page.waitForLoadState("networkidle");
  // Counted before the reloads below, which send their own requests.
  const loginRequests = [...graphqlRequests];
  const playground = await playgroundWeight(page, ids.apiId);
  await reportReloads(page, URL_BASE, ids);
  await browser.close();

  console.log(`login page JavaScript: ${(loginBytes / 1024).toFixed(1)} KB gzip in ${scripts.size} files (target < 150 KB)`);
  // The heaviest files first: a library that should not be on the sign-in page shows up here.
  const heaviest = [...scripts].sort(([, a], [, b]) => b - a).slice(0, 10);
  for (const [url, bytes] of heaviest) console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  console.log(`playground route JavaScript: ${(playground.bytes / 1024).toFixed(1)} KB gzip in ${playground.files} files loaded on entering it (GraphiQL, lazy), ${playground.elapsed} ms to its editor`);
  console.log(`login -> dashboard: ${loginRequests.length} platform GraphQL requests (${loginRequests.join(", ")}), ${elapsed} ms to the project grid`);
}

/**
 * The playground's own weight: the scripts a signed-in browser loads when it opens
 * /api/<id>/queries from the dashboard (GraphiQL comes with that route only), and the time until
 * its editor shows (the bench's project is unpublished: the screen shows the publish hint, but GraphiQL arrives with the screen's chunk all the same).
 */
async function playgroundWeight(page: import("@playwright/test").Page, apiId: string) {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const keep = (response: Response) => {
    if (response.request().resourceType() === "script") pending.push(response.body().then((body) => void sizes.set(response.url(), gzipSync(body).length)));
  };
  page.on("response", keep);
  const started = Date.now();
  await page.evaluate((path) => {
    history.pushState({}, "", path);
    dispatchEvent(new PopStateEvent("popstate"));
  }, `/api/${apiId}/queries`);
  await page.locator(".graphiql-container, [data-testid=publish-hint]").first().waitFor();
  const elapsed = Date.now() - started;
  await page.waitForLoadState("networkidle");
  page.off("response", keep);
  await Promise.all(pending);
  return { bytes: [...sizes.values()].reduce((sum, size) => sum + size, 0), files: sizes.size, elapsed };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
