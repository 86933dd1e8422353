// The route-data part of `npm run bench`: GraphQL requests and waterfall depth of a reload of
// signed-in pages. Depth 1 means every request left before the first answer came back.
import type { Page } from "@playwright/test";

interface Timed {
  started: number;
  finished: number;
}

const PLATFORM_ENDPOINT = /^\/graphql$/;
/** The platform's endpoint and projects' own (`/p/<apiId>/graphql`). */
const ANY_ENDPOINT = /^(\/p\/[^/]+)?\/graphql$/;

/** Requests to `endpoints` and waterfall depth of one reload of `path` (waits until `ready` is visible). */
async function measureReload(page: Page, url: string, ready: string, endpoints: RegExp) {
  const timed: Timed[] = [];
  const onRequest = (request: import("@playwright/test").Request) => {
    if (!endpoints.test(new URL(request.url()).pathname)) return;
    const entry = { started: performance.now(), finished: Infinity };
    timed.push(entry);
    void request.response().then(() => (entry.finished = performance.now()));
  };
  page.on("request", onRequest);
  await page.goto(url);
  await page.getByTestId(ready).waitFor();
  await page.waitForLoadState("networkidle");
  page.off("request", onRequest);
  // A request's depth: one more than the deepest request answered before it was sent.
  const depth = new Map<Timed, number>();
  for (const entry of [...timed].sort((a, b) => a.started - b.started)) {
    const before = timed.filter((other) => other.finished <= entry.started).map((other) => depth.get(other) ?? 1);
    depth.set(entry, 1 + Math.max(0, ...before));
  }
  return { requests: timed.length, depth: Math.max(0, ...depth.values()) };
}

/** Prints the reload figures of the dashboard, the members page, the project data page and the files page. */
export async function reportReloads(page: Page, urlBase: string, ids: { orgId: string; apiId: string }) {
  const pages = [
    ["dashboard", `/org/${ids.orgId}/apis`, "project-grid"],
    ["members page", `/org/${ids.orgId}/users`, "members-table"],
    ["project data page", `/api/${ids.apiId}/data`, "project-header"],
  ] as const;
  for (const [name, path, ready] of pages) {
    const { requests, depth } = await measureReload(page, `${urlBase}${path}`, ready, PLATFORM_ENDPOINT);
    console.log(`reload ${name}: ${requests} platform GraphQL requests, waterfall depth ${depth} (target <= 2 requests, depth 1)`);
  }
  // The file list comes from the project's endpoint, started with the platform's queries.
  const files = await measureReload(page, `${urlBase}/api/${ids.apiId}/assets`, "project-header", ANY_ENDPOINT);
  console.log(`reload files page: ${files.requests} GraphQL requests to the platform and the project's endpoint, waterfall depth ${files.depth} (target depth 1)`);
}
