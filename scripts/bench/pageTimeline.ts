// Where a page load's time goes, read from the browser's own Performance timeline: the document,
// each script, stylesheet, font and GraphQL request (start and end, from the navigation's start),
// long tasks on the main thread, and the moment a wanted element first appeared. Used by the
// data-page bench to print its breakdown.
import type { Page } from "@playwright/test";

interface Span {
  name: string;
  kind: string;
  start: number;
  end: number;
  bytes: number;
  cached: boolean;
}

export interface Timeline {
  /** The document's response ended (ms after the navigation started). */
  documentEnd: number;
  domContentLoaded: number;
  spans: Span[];
  longTasks: { start: number; duration: number }[];
  /** When the watched element first appeared, or null. */
  shownAt: number | null;
}

/**
 * Before any page script runs: records long tasks and the first time `selector` matches. Call once
 * per page; every later navigation of the page records afresh.
 */
// The browser-side code is plain text: tsx (esbuild with keepNames) would wrap functions given to
// Playwright in a `__name` helper that does not exist in the page.
const WATCH = `(wanted) => {
  const state = { longTasks: [], shownAt: null };
  window.__timeline = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  const observer = new MutationObserver(() => {
    if (state.shownAt === null && document.querySelector(wanted)) {
      state.shownAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}`;

const READ = `(() => {
  const state = window.__timeline;
  const [navigation] = performance.getEntriesByType("navigation");
  const kindOf = (entry) => {
    const path = new URL(entry.name).pathname;
    if (path === "/graphql") return "platform graphql";
    if (/^\\/p\\/[^/]+\\/graphql$/.test(path)) return "project graphql";
    if (path.endsWith(".js")) return "script";
    if (path.endsWith(".css")) return "css";
    if (path.endsWith(".woff2")) return "font";
    return entry.initiatorType;
  };
  const spans = performance.getEntriesByType("resource").map((entry) => ({
    name: new URL(entry.name).pathname,
    kind: kindOf(entry),
    start: entry.startTime,
    end: entry.responseEnd,
    bytes: entry.encodedBodySize,
    // A response from the memory or disk cache transfers nothing.
    cached: entry.transferSize === 0 && entry.encodedBodySize > 0,
  }));
  return {
    documentEnd: navigation ? navigation.responseEnd : 0,
    domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : 0,
    spans,
    longTasks: state ? state.longTasks : [],
    shownAt: state ? state.shownAt : null,
  };
})()`;

/**
 * Before any page script runs: records long tasks and the first time `selector` matches. Call once
 * per page; every later navigation of the page records afresh.
 */
export async function watchTimeline(page: Page, selector: string) {
  await page.addInitScript(`(${WATCH})(${JSON.stringify(selector)})`);
}

/** The timeline of the page's current document, once the watched element is shown. */
export async function readTimeline(page: Page): Promise<Timeline> {
  return (await page.evaluate(READ)) as Timeline;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A few lines: the document, scripts, styles and fonts as a whole, each GraphQL request, long tasks, the first rows. */
export function formatTimeline(timeline: Timeline, detail = false): string {
  const lines = [`  document received at ${ms(timeline.documentEnd)}, DOMContentLoaded at ${ms(timeline.domContentLoaded)}`];
  for (const kind of ["script", "css", "font"]) {
    const spans = timeline.spans.filter((span) => span.kind === kind);
    if (!spans.length) continue;
    const cached = spans.filter((span) => span.cached).length;
    const kib = spans.reduce((sum, span) => sum + span.bytes, 0) / 1024;
    const first = Math.min(...spans.map((span) => span.start));
    const last = Math.max(...spans.map((span) => span.end));
    lines.push(`  ${kind}: ${spans.length} files (${cached} cached), ${kib.toFixed(0)} KiB encoded, first requested at ${ms(first)}, last received at ${ms(last)}`);
  }
  for (const span of timeline.spans.filter((span) => span.kind.endsWith("graphql"))) {
    lines.push(`  ${span.kind}: sent at ${ms(span.start)}, answered at ${ms(span.end)} (${ms(span.end - span.start)})`);
  }
  if (detail) {
    for (const span of timeline.spans) lines.push(`    ${span.name}: ${ms(span.start)} -> ${ms(span.end)}${span.cached ? " (cached)" : ""}, ${span.bytes} B`);
  }
  const longTotal = timeline.longTasks.reduce((sum, task) => sum + task.duration, 0);
  const longList = timeline.longTasks.map((task) => `${ms(task.start)}+${ms(task.duration)}`).join(", ");
  lines.push(`  long tasks: ${timeline.longTasks.length}, ${ms(longTotal)} in all${longList ? ` (${longList})` : ""}`);
  lines.push(`  first rows shown at ${timeline.shownAt === null ? "?" : ms(timeline.shownAt)} after the navigation started`);
  return lines.join("\n");
}
