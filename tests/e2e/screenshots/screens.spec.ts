import type { Locator, Page } from "@playwright/test";
import { expect, PlatformProcess, test } from "../platform";
import { restoreCredentials } from "../a11y/seed";
import { seedSnapshotWorkspace, type ScreenshotSeed } from "./seed";

/**
 * 'Tests that CI runs as snapshots': the main screens in light and dark, en and de, at
 * 1280 px and 390 px, compared with the PNGs in screens.spec.ts-snapshots/. A change a user
 * would see (a colour, a label, a spacing) fails here until the baselines are re-taken:
 *   npm run build && npx playwright test tests/e2e/screenshots --update-snapshots
 * Each screen loads once per language; theme and width change on the open page.
 */
const THEMES = ["light", "dark"] as const;
const LANGUAGES = ["en", "de"] as const;
const WIDTHS = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;
/** The footer's copyright year and anything else the console dates by the browser's clock. */
const FROZEN_NOW = new Date("2026-01-15T09:30:00Z");

type Shot = {
  name: string;
  path: (seed: ScreenshotSeed) => string;
  signedOut?: true;
  /** Waits until the screen shows its data (and picks what it shows, as a user would). */
  ready: (page: Page) => Promise<void>;
  /** What differs between runs although the data is the same: generated ids (dates are masked on every screen). */
  volatile?: (page: Page) => Locator[];
  /**
   * A dialog over the screen: masks would paint over it, so ready() hides what varies behind it
   * instead, and dated cells show the stand-in date unmasked.
   */
  dialog?: true;
};

/** A date the server stamped, in a table cell: a year, or a time of day. */
const DATED = /\b20\d\d\b|\d:\d\d/;
const datedCells = (page: Page) => page.locator("td").filter({ hasText: DATED });
/** What every dated cell shows instead (it is masked as well). */
const STAND_IN_DATE = "Jan 15, 2026, 10:30 AM";

/**
 * Runs in the page from its first script on. A mask only paints over a cell: the column still
 * takes the width of the real date, so "2:41 AM" against "10:41 AM" (or the digits of an ISO
 * time) would move every column beside it. So each dated cell's text becomes one fixed text,
 * also when React renders the cell again (a resize re-renders the grid's columns in view); the
 * text nodes stay React's own, so nothing it renders later breaks.
 */
function standInDates({ pattern, standIn }: { pattern: string; standIn: string }) {
  const dated = new RegExp(pattern);
  const rewrite = () => {
    for (const cell of document.querySelectorAll("td")) {
      if (cell.textContent === standIn || !dated.test(cell.textContent ?? "")) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(), first = true; node; node = walker.nextNode(), first = false) node.nodeValue = first ? standIn : "";
    }
  };
  // Mutation callbacks run before the next paint: no frame shows a real date's width.
  new MutationObserver(rewrite).observe(document, { subtree: true, childList: true, characterData: true });
}

const SHOTS: Shot[] = [
  {
    name: "login",
    path: () => "/login",
    signedOut: true,
    ready: (page) => expect(page.getByRole("button", { name: /^(Sign in|Anmelden)$/ })).toBeVisible(),
  },
  {
    name: "dashboard",
    path: (seed) => `/org/${seed.orgId}/apis`,
    ready: (page) => expect(page.getByTestId("project-card")).toHaveCount(2),
  },
  {
    name: "members",
    path: (seed) => `/org/${seed.orgId}/users`,
    ready: (page) => expect(page.getByTestId("member-row")).toHaveCount(3),
  },
  {
    name: "billing",
    path: (seed) => `/org/${seed.orgId}/billing`,
    ready: (page) => expect(page.getByTestId("billing-form").getByRole("textbox").first()).not.toHaveValue(""),
  },
  {
    name: "model-editor",
    path: (seed) => `/api/${seed.publishedId}/types`,
    ready: async (page) => {
      // The users table opens first and is read-only; Recipe shows the editable editor.
      const recipe = page.getByTestId("type-list-item").filter({ hasText: "Recipe" });
      await recipe.click();
      await expect(recipe).toHaveAttribute("aria-current", "true");
    },
    volatile: (page) => [page.getByTestId("publish-url")],
  },
  {
    name: "data-view",
    path: (seed) => `/api/${seed.publishedId}/data?sort=servings:ASC#Recipe`,
    ready: (page) => expect(page.getByTestId("grid-row")).toHaveCount(5),
    volatile: (page) => [page.getByTestId("publish-url"), page.getByTestId("cell-id")],
  },
  {
    // The import dialog with a file chosen — its preview, the column mapping with a
    // refused column and one to opt in, and the long German texts at 390 px.
    name: "csv-import-dialog",
    path: (seed) => `/api/${seed.publishedId}/data?sort=servings:ASC#Recipe`,
    ready: async (page) => {
      await expect(page.getByTestId("grid-row")).toHaveCount(5);
      await page.addStyleTag({ content: '[data-testid="publish-url"], [data-testid="cell-id"] { visibility: hidden; }' });
      await page.getByTestId("toolbar-import").click();
      const dialog = page.getByTestId("csv-import-dialog");
      const file = "title,servings,id,notes\r\nPancakes,4,r1,\"Flour, milk, eggs\"\r\nPorridge,2,r2,Oats\r\n";
      await dialog.getByTestId("csv-file").setInputFiles({ name: "recipes.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
      await expect(dialog.getByTestId("csv-preview")).toBeVisible();
    },
    dialog: true,
  },
];

let platform: PlatformProcess;
let seed: ScreenshotSeed;
test.beforeAll(async ({ browser }, workerInfo) => {
  test.setTimeout(240_000);
  platform = new PlatformProcess(Number(process.env.E2E_PORT_BASE ?? 4300) + 110 + workerInfo.workerIndex);
  await platform.start();
  seed = await seedSnapshotWorkspace(browser, platform);
});
test.afterAll(async () => {
  await platform?.stop();
  platform?.dispose();
});

/** The screen has painted: its data is there, nothing loads any more, the letters are Inter. */
async function settled(page: Page, shot: Shot, language: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await shot.ready(page);
  await expect(page.locator('[role="progressbar"], .loading-bar')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

for (const shot of SHOTS) {
  test(shot.name, async ({ page }) => {
    await page.clock.setFixedTime(FROZEN_NOW);
    await page.addInitScript(standInDates, { pattern: DATED.source, standIn: STAND_IN_DATE });
    await page.goto(`${platform.url}/login`);
    if (!shot.signedOut) await restoreCredentials(page, platform.url, seed.credentials);
    for (const language of LANGUAGES) {
      // The stored language preference, as the footer's language select leaves it.
      await page.evaluate((stored) => localStorage.setItem("baukasten--user-language", JSON.stringify(stored)), language);
      await page.setViewportSize(WIDTHS[0]);
      const url = platform.url + shot.path(seed);
      // Going to the URL the page is on would only move to its hash; the language needs a load.
      if (page.url() === url) await page.reload();
      else await page.goto(url);
      await settled(page, shot, language);
      for (const theme of THEMES) {
        // No stored theme: the console follows the system's, as it does for a new user.
        await page.emulateMedia({ colorScheme: theme });
        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          await expect(page).toHaveScreenshot(`${shot.name}-${theme}-${language}-${size.name}.png`, {
            animations: "disabled",
            caret: "hide",
            fullPage: true,
            mask: shot.dialog ? [] : [datedCells(page), ...(shot.volatile?.(page) ?? [])],
          });
        }
      }
    }
  });
}
