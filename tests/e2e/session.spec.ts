import { expect, signUpWithWorkspace, test, uniqueEmail } from "./platform";

/*
 * "Opening a console link in a new tab asks to sign in again. Keep credentials in
 * session storage (spec §3) but let a new tab take over the session from an open one."
 */
test("a console link opened in a new tab shows the page, signed in, without asking to sign in", async ({ page, platform }) => {
  // Sign-up through the UI and a second page: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await signUpWithWorkspace(page, platform, uniqueEmail("tabs"), "Two Tabs");
  const settingsUrl = page.url().replace(/\/apis$/, "/settings");

  const second = await page.context().newPage();
  await second.goto(settingsUrl, { waitUntil: "commit" });
  await expect(second).toHaveURL(settingsUrl);
  await expect(second.getByTestId("user-menu")).toBeVisible();
  // Credentials stay in session storage: the second tab now holds its own copy.
  const stored = await second.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("baukasten--credentials.")));
  expect(stored.length).toBeGreaterThan(0);
  expect(await second.evaluate(() => Object.keys(localStorage).some((key) => key.includes("credentials")))).toBe(false);
});

test("a new tab with no signed-in tab open asks to sign in", async ({ browser, platform }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${platform.url}/org/org_unknown/apis`);
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
