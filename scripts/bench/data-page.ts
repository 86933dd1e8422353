// The data page bench: the data page of a published table in Chromium — time to the first rows and
// the requests it sends (cold: the signed-in user's first load of the data page, its chunks not
// cached; warm: a reload with them cached), and the grid's DOM rows with 10,000 entries loaded (virtualised). Run alone
// with `npx tsx scripts/bench.ts --only=data-page` after `npm run build`. Each load prints where
// its time went (./pageTimeline); BENCH_TIMELINE_DETAIL=1 lists every request, BENCH_CPU_PROFILE=<file>
// and BENCH_TRACE=<file> write the warm load's main-thread profile and Chromium trace.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { PASSWORD, createUserWithWorkspace, databaseLabel, startServer } from "./platform";
import { publishableModel } from "../../tests/server/publishing/models";
import { formatTimeline, readTimeline, watchTimeline } from "./pageTimeline";
import { createDatabase } from "../../tests/server/harness";

const ENTRIES = 10_000;
const BATCH = 100;

/** A signed-up user's project, published with Item1 and 10,000 entries written through its endpoint. */
async function prepareProject(base: URL, email: string) {
  const { token, orgId, call } = await createUserWithWorkspace(base, email);
  const created = await call(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Data bench" } });
  const apiId = created.createApi.api.id as string;
  await call(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id } } }`, {
    input: { apiId, schema: JSON.stringify(publishableModel(1)) },
  });
  const project = async (query: string, variables: object) => {
    const response = await fetch(new URL(`/p/${apiId}/graphql`, base), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: unknown; errors?: unknown[] };
  };
  const batch = `mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: "Item1", items: $items) { id } }`;
  const items = (from: number) => Array.from({ length: BATCH }, (_, n) => ({ fields: JSON.stringify({ title: `Entry ${from + n}`, price: (from + n) / 100 }) }));
  // Publishing runs as a job: the endpoint answers once the version is live.
  for (let attempt = 0; ; attempt++) {
    const first = await project(batch, { items: items(0) });
    if (!first.errors) break;
    if (attempt > 600) throw new Error(`project never went live: ${JSON.stringify(first.errors)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (let from = BATCH; from < ENTRIES; from += BATCH) {
    const answer = await project(batch, { items: items(from) });
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  }
  return { apiId };
}

/** Loads the data page and measures until the first row shows; GraphQL requests sent meanwhile, and how many waited for an answer. */
async function firstRows(page: Page, load: () => Promise<unknown>) {
  const sent: { at: number }[] = [];
  const answered: number[] = [];
  const isGraphql = (path: string) => path === "/graphql" || /^\/p\/[^/]+\/graphql$/.test(path);
  const onRequest = (request: import("@playwright/test").Request) => {
    if (isGraphql(new URL(request.url()).pathname)) sent.push({ at: performance.now() });
  };
  const onResponse = (response: import("@playwright/test").Response) => {
    if (isGraphql(new URL(response.url()).pathname)) answered.push(performance.now());
  };
  page.on("request", onRequest);
  page.on("response", onResponse);
  const started = performance.now();
  await load();
  await page.getByTestId("grid-row").first().waitFor();
  const elapsed = performance.now() - started;
  page.off("request", onRequest);
  page.off("response", onResponse);
  const firstAnswer = Math.min(...answered);
  // A request sent after the first answer arrived waited for it: one more round trip.
  const later = sent.filter((request) => request.at > firstAnswer).length;
  return { elapsed, requests: sent.length, roundTrips: later === 0 ? 1 : 1 + later };
}

/** On PGlite (on disk), or on PostgreSQL when `adminUrl` is given (a database made there and dropped). */
export async function benchDataPage(port: number, adminUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "baukasten-bench-data-"));
  const database = adminUrl ? await createDatabase(adminUrl) : null;
  // The database the server really uses names the figures (a database made here, DATABASE_URL from the shell, else PGlite).
  const databaseUrl = database?.url ?? process.env.DATABASE_URL;
  const label = databaseLabel(databaseUrl);
  const server = await startServer(port, { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const email = `bench-data-${Date.now()}@example.com`;
    const { apiId } = await prepareProject(server.base, email);
    const page = await browser.newPage();
    await watchTimeline(page, '[data-testid="grid-row"]');
    await page.goto(`${server.base.origin}/login`);
    await page.getByLabel(/^email/i).fill(email);
    await page.getByLabel(/^password/i).fill(PASSWORD);
    await page.getByRole("button", { name: /log in|sign in/i }).click();
    await page.getByTestId("project-grid").waitFor();

    const url = `${server.base.origin}/api/${apiId}/data#Item1`;
    // Cold: the data screen's first load (its chunks not cached yet); warm: a reload of it.
    const cold = await firstRows(page, () => page.goto(url));
    const coldTimeline = await readTimeline(page);
    // BENCH_CPU_PROFILE=<file>: the warm load's main-thread CPU profile (.cpuprofile, for DevTools).
    const profileFile = process.env.BENCH_CPU_PROFILE;
    const cdp = profileFile ? await page.context().newCDPSession(page) : null;
    if (cdp) await cdp.send("Profiler.enable").then(() => cdp.send("Profiler.setSamplingInterval", { interval: 200 })).then(() => cdp.send("Profiler.start"));
    // BENCH_TRACE=<file>: the warm load's Chromium trace (open in DevTools' Performance panel).
    const traceFile = process.env.BENCH_TRACE;
    if (traceFile) await browser.startTracing(page, { path: traceFile, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "blink", "loading"] });
    const warm = await firstRows(page, () => page.reload());
    if (traceFile) await browser.stopTracing();
    if (cdp && profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send("Profiler.stop")).profile));
    const warmTimeline = await readTimeline(page);
    const detail = process.env.BENCH_TIMELINE_DETAIL === "1";
    const line = (which: string, result: typeof cold) =>
      `${label} data page, ${which}: ${result.elapsed.toFixed(0)} ms to the first rows, ${result.requests} GraphQL requests in ${result.roundTrips} round trip(s)`;
    console.log(`${line("cold", cold)} (goal <= 400 ms; Directus 685 ms and 23 requests)`);
    console.log(formatTimeline(coldTimeline, detail));
    console.log(`${line("warm", warm)} (goal <= 200 ms, one round trip, the first render's long task < 50 ms)`);
    console.log(formatTimeline(warmTimeline, detail));

    // Every page of 100 appended: 10,000 entries loaded.
    const loaded = page.getByTestId("rows-loaded");
    for (let pages = 1; pages < ENTRIES / BATCH; pages++) {
      await page.getByTestId("load-more").click();
      await loaded.filter({ hasText: `${((pages + 1) * BATCH).toLocaleString("en")} entries loaded` }).waitFor();
    }
    const domRows = () => page.locator('[data-testid="data-grid"] tbody tr').count();
    const atTop = await domRows();
    await page.getByTestId("data-grid").evaluate((grid) => grid.scrollTo(0, grid.scrollHeight / 2));
    await page.locator('[data-testid="grid-row"][aria-rowindex="5000"]').waitFor();
    const inTheMiddle = await domRows();
    console.log(`${label} data grid with ${ENTRIES.toLocaleString("en")} entries loaded: ${atTop} rows in the DOM at the top, ${inTheMiddle} in the middle (goal <= ~120)`);
  } finally {
    await browser.close();
    await server.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
