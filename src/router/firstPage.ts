/**
 * The first page after a load or reload renders once, complete, so its rows come as soon as they can.
 * React holds back a Suspense boundary's reveal until 300 ms after any other fallback last came or
 * went ("throttled retries"): a first page that showed its chrome early and its data in stages
 * waited for that throttle at each stage. So main.tsx renders after the router's first load, and while
 * it runs the loaders also wait for their queries' answers and the chrome's code (`whileFirstPage`),
 * at most FIRST_PAGE_WAIT_MS: a slower answer still shows the page, with its loading states.
 * Later navigations keep the render-as-you-fetch flow of routeQuery.ts.
 */
export const FIRST_PAGE_WAIT_MS = 2500;

let firstPage = true;

/** Called by main.tsx once the first page is about to render. */
export function firstPageLoaded() {
  firstPage = false;
}

/** On the first page, waits for `work` (its failure included; the page shows it), bounded; later, nothing. */
export function whileFirstPage(work: () => Promise<unknown> | undefined): Promise<void> | undefined {
  if (!firstPage) return undefined;
  const pending = work();
  return pending ? bounded(pending, FIRST_PAGE_WAIT_MS) : undefined;
}

/** `work` settled, or `ms` passed. */
export function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}
