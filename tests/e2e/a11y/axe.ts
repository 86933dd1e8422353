import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "@playwright/test";

/** WCAG 2.1 A and AA plus axe's best practices: the accessibility bar. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe-core as @axe-core/playwright ships it. Its AxeBuilder injects the script again for every
 * check and finishes each run in a new blank page, which costs more than the rules themselves;
 * the console has no frames, so axe runs in the page itself and is injected once per page load.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * The rules whose outcome depends on colours alone. The themes differ only in colours (light-dark()
 * variables in src/styles/theme.css), so a screen checked with every rule in one theme needs
 * only these in the other.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Serious and critical violations on the page as it is now, one readable line per element; with
 * `coloursOnly`, of the colour rules alone.
 */
export async function seriousViolations(page: Page, { coloursOnly = false } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // Only violations are read: axe skips collecting the passing and undecided elements.
  const options: RunOptions = {
    runOnly: coloursOnly ? { type: "rule", values: COLOUR_RULES } : { type: "tag", values: TAGS },
    resultTypes: ["violations"],
  };
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} — ${node.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
    );
}
