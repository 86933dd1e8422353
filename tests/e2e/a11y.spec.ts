import type { Page } from "@playwright/test";
import { expect, test } from "./platform";
import { seriousViolations } from "./a11y/axe";
import { SCREENS, type Screen } from "./a11y/screens";
import { restoreCredentials, seedWorkspace, type Seed } from "./a11y/seed";

/**
 * Issue 16: "0 serious or critical axe violations (WCAG 2.1 AA rules plus best practice) on
 * every screen, in light and dark, en and de". One browser context per theme and language; the
 * workspace is created once per worker and its session reused.
 */
test.describe.configure({ mode: "parallel" });

/** A11Y_SCREENS=project-data,org-users narrows the walk while working on those screens. */
const only = process.env.A11Y_SCREENS?.split(",");
const screens = only ? SCREENS.filter((screen) => only.includes(screen.route)) : SCREENS;

let seed: Seed;
test.beforeAll(async ({ browser, workerPlatform }) => {
  // A sign-up, a project and a publish awaited for up to 90 s: 120 s was too tight under load.
  test.setTimeout(240_000);
  seed = await seedWorkspace(browser, workerPlatform);
});

/** The screen has painted its data (nothing loads any more) and has its one h1. */
async function settled(page: Page, where: string) {
  // Generous: a first load on a busy CI machine fetches the chunks and the route's query.
  await expect(page.locator("main")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role="progressbar"], .loading-bar')).toHaveCount(0, { timeout: 30_000 });
  await expect.soft(page.getByRole("heading", { level: 1 }), `${where} has one h1`).toHaveCount(1);
}

async function check(page: Page, where: string) {
  expect.soft(await seriousViolations(page), where).toEqual([]);
}

async function visit(page: Page, baseUrl: string, screen: Screen) {
  await test.step(screen.route, () => visitSteps(page, baseUrl, screen));
}

async function visitSteps(page: Page, baseUrl: string, screen: Screen) {
  await page.goto(baseUrl + screen.path(seed));
  await settled(page, screen.route);
  await check(page, screen.route);
  for (const [name, open] of Object.entries(screen.dialogs ?? {})) {
    await open(page);
    // Dialogs, menus, the filter dropdown (role=dialog) and the record sidebar.
    await expect(page.locator("dialog[open], [role=menu], [role=dialog], [data-testid=record-sidebar]").last()).toBeVisible();
    await check(page, `${screen.route}, ${name}`);
    await page.goto(baseUrl + screen.path(seed));
    await settled(page, screen.route);
  }
}

for (const theme of ["light", "dark"] as const) {
  for (const language of ["en", "de"] as const) {
    test(`every screen in the ${theme} theme in ${language}`, async ({ browser, platform }) => {
      test.setTimeout(600_000);
      const context = await browser.newContext({ locale: language, colorScheme: theme });
      // The stored choices, as the theme menu and the language select leave them.
      await context.addInitScript(
        ([storedTheme, storedLanguage]) => {
          localStorage.setItem("baukasten--active-theme", JSON.stringify(storedTheme));
          localStorage.setItem("baukasten--user-language", JSON.stringify(storedLanguage));
        },
        [theme, language],
      );
      const page = await context.newPage();
      for (const screen of screens.filter((candidate) => candidate.signedOut)) await visit(page, platform.url, screen);
      await restoreCredentials(page, platform.url, seed.credentials);
      for (const screen of screens.filter((candidate) => !candidate.signedOut)) await visit(page, platform.url, screen);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await context.close();
    });
  }
}
