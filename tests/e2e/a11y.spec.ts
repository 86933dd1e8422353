import type { Page } from "@playwright/test";
import { expect, test } from "./platform";
import { seriousViolations } from "./a11y/axe";
import { SCREENS, type Screen } from "./a11y/screens";
import { restoreCredentials, seedWorkspace, type Seed } from "./a11y/seed";

/**
 * "0 serious or critical axe violations (WCAG 2.1 AA rules plus best practice) on
 * every screen, in light and dark, en and de". One test per language and area of the console, so
 * the walk spreads over the workers; each screen and dialog, once open, is checked in both
 * themes, switched as the theme menu switches them (the theme is CSS only). The workspace is
 * created once per worker and its session reused by every test there.
 */
test.describe.configure({ mode: "parallel" });

/** A11Y_SCREENS=project-data,org-users narrows the walk while working on those screens. */
const only = process.env.A11Y_SCREENS?.split(",");
const screens = only ? SCREENS.filter((screen) => only.includes(screen.route)) : SCREENS;
const THEMES = ["light", "dark"] as const;

/**
 * The part of the console a screen belongs to: each area is a test of its own. The data screen
 * with its many dialogs is one; the other project screens are split in two of similar length.
 */
function areaOf(screen: Screen): string {
  if (screen.signedOut) return "signed-out pages";
  if (screen.route.startsWith("account-") || screen.route === "workspace-setup") return "account";
  if (screen.route.startsWith("org-") || screen.route === "project-setup-name") return "workspace";
  if (screen.route === "project-data") return "project data";
  if (/^(project-(types|json-declaration|publish-|setup-)|api-setup-)/.test(screen.route)) return "project model and publishing";
  return "project tools";
}
const AREAS = [...new Set(screens.map(areaOf))];

/**
 * The seeded workspace, made once per worker: a sign-up and a publish cost more than an area's
 * walk. Kept by the module, not by a worker fixture: a worker fixture of this file's own would
 * run its tests in workers of their own, and the next spec in each a new worker with a second
 * server (platform.ts).
 */
let seeding: Promise<Seed> | undefined;
const walk = test.extend<{ seed: Seed }>({
  seed: [
    async ({ browser, workerPlatform }, use) => use(await (seeding ??= seedWorkspace(browser, workerPlatform))),
    // A sign-up, a project and a publish awaited for up to 90 s, on a busy machine.
    { timeout: 240_000 },
  ],
});

/** The screen has painted its data (nothing loads any more) and has its one h1. */
async function settled(page: Page, where: string) {
  // Generous: a first load on a busy CI machine fetches the chunks and the route's query.
  await expect(page.locator("main")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role="progressbar"], .loading-bar')).toHaveCount(0, { timeout: 30_000 });
  await expect.soft(page.getByRole("heading", { level: 1 }), `${where} has one h1`).toHaveCount(1);
}

/** The open screen or dialog in each theme, applied as ThemeMenuItems' applyTheme does. */
async function check(page: Page, where: string) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((chosen) => {
      document.documentElement.dataset.theme = chosen;
      localStorage.setItem("baukasten--active-theme", JSON.stringify(chosen));
    }, theme);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    // Every rule in the first theme; the second changes colours only (a11y/axe.ts).
    const coloursOnly = theme !== THEMES[0];
    expect.soft(await seriousViolations(page, { coloursOnly }), `${where} (${theme})`).toEqual([]);
  }
}

async function visit(page: Page, baseUrl: string, screen: Screen, seed: Seed) {
  await test.step(screen.route, () => visitSteps(page, baseUrl, screen, seed));
}

/** Dialogs, menus, the filter dropdown (role=dialog) and the record sidebar. */
const OVERLAY = "dialog[open], [role=menu], [role=dialog], [data-testid=record-sidebar]";

async function visitSteps(page: Page, baseUrl: string, screen: Screen, seed: Seed) {
  await page.goto(baseUrl + screen.path(seed));
  await settled(page, screen.route);
  const shown = page.url();
  await check(page, screen.route);
  for (const [name, open] of Object.entries(screen.dialogs ?? {})) {
    await open(page);
    await expect(page.locator(OVERLAY).last()).toBeVisible();
    await check(page, `${screen.route}, ${name}`);
    await closeOrReload(page, baseUrl, screen, shown, seed);
  }
}

/**
 * Back to the screen for its next dialog: Escape closes what the keyboard closes, which costs no
 * page load; a dialog that stays open or left the screen's URL behind is left by loading it again.
 */
async function closeOrReload(page: Page, baseUrl: string, screen: Screen, shown: string, seed: Seed) {
  await page.keyboard.press("Escape");
  const closed = await expect(page.locator(OVERLAY))
    .toHaveCount(0, { timeout: 2_000 })
    .then(() => true, () => false);
  if (closed && page.url() === shown) return;
  await page.goto(baseUrl + screen.path(seed));
  await settled(page, screen.route);
}

for (const language of ["en", "de"] as const) {
  for (const area of AREAS) {
    walk(`${area} in the light and dark theme in ${language}`, async ({ browser, platform, seed }) => {
      // Each screen and dialog in two themes: generous for a busy machine, it only costs time on a failure.
      test.setTimeout(600_000);
      const context = await browser.newContext({ locale: language });
      // The stored choice, as the language select leaves it.
      await context.addInitScript((storedLanguage) => {
        localStorage.setItem("baukasten--user-language", JSON.stringify(storedLanguage));
      }, language);
      const page = await context.newPage();
      const visited = screens.filter((screen) => areaOf(screen) === area);
      if (!visited[0].signedOut) await restoreCredentials(page, platform.url, seed.credentials);
      for (const screen of visited) await visit(page, platform.url, screen, seed);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await context.close();
    });
  }
}

// The walk passes only if the checker reports: a faint text and an image without a name must be found.
test("the checker reports a faint text and an unnamed image", async ({ page }) => {
  await page.setContent('<main><h1>Probe</h1><p style="color:#eee;background:#fff">faint</p><img src="data:,"></main>');
  const found = await seriousViolations(page);
  expect(found.some((line) => line.startsWith("color-contrast:"))).toBe(true);
  expect(found.some((line) => line.startsWith("image-alt:"))).toBe(true);
  expect(await seriousViolations(page, { coloursOnly: true })).toEqual([expect.stringMatching(/^color-contrast:/)]);
});
