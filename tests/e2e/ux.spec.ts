import type { Page } from "@playwright/test";
import { createProject, expect, fillSignUpForm, PASSWORD, signUpWithWorkspace, test, uniqueEmail } from "./platform";

/** The longest workspace name the spec allows: 255 characters, most of them one unbreakable word. */
const LONG_NAME = `Acme ${"Verylongworkspacename".repeat(12)}`.slice(0, 255);

/** Nothing on the page reaches past the viewport's right edge, so nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width, wider } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
    // Named in the failure, so the element that pushes the page is easy to find.
    wider: [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }));
  expect(scrollWidth, `page width; wider: ${wider.join(", ")}`).toBeLessThanOrEqual(width);
}

async function expectInViewport(page: Page, locator: ReturnType<Page["locator"]>) {
  // boundingBox() does not wait: it answers null while the element is still hidden.
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, "visible").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test("a new user on a 390 px phone: reload during sign-up, a 255-character workspace, every section in reach", async ({ page, platform }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const email = uniqueEmail("phone");
  await page.goto(`${platform.url}/signup`);
  await fillSignUpForm(page, email);
  await expect(page.getByLabel("Verification code")).toBeVisible();

  // A reload keeps the address, so the mailed code can still be entered.
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("Verification code").fill(await platform.latestCode(email));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("login-notice")).toHaveText("Your email address is confirmed. Please sign in.");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();

  // Workspace setup has a way out; then the longest allowed name.
  await expect(page).toHaveURL(/\/workspace-setup$/);
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.getByLabel("Workspace name").fill(LONG_NAME);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/org\/org_[^/]+\/apis$/);
  const dashboard = page.url();

  // The name is cut with an ellipsis; the whole name shows on hover.
  const title = page.getByTestId("dashboard-title");
  await expect(title).toHaveAttribute("title", `Projects of ${LONG_NAME}`);
  expect(await title.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await title.evaluate((element) => getComputedStyle(element).textOverflow)).toBe("ellipsis");

  for (const [section, screen] of [["apis", "Projects"], ["billing", "Billing"], ["users", "Members"], ["settings", "Settings"]]) {
    await page.goto(dashboard.replace(/apis$/, section));
    await expect(page.getByRole("main")).not.toBeEmpty();
    await expect(page).toHaveTitle(`${screen} · ${LONG_NAME} · Baukasten`);
    // Measured once the section's data has drawn, not while it still loads.
    await expect(page.locator('[role="progressbar"], .loading-bar')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectInViewport(page, page.getByRole("link", { name: "Docs" }));
    await expectInViewport(page, page.getByTestId("user-menu").getByRole("button"));
  }
  // The user menu, with the long workspace name in it, still offers log out on screen.
  await page.getByTestId("user-menu").getByRole("button").click();
  await expect(page.getByTestId("user-menu").getByTitle(LONG_NAME)).toBeVisible();
  await expectInViewport(page, page.getByRole("menuitem", { name: "Log out" }));
  await page.keyboard.press("Escape");

  // The project wizard has a way back.
  await page.goto(dashboard);
  await page.getByTestId("create-project-card").click();
  await page.getByRole("link", { name: "← Back to projects" }).click();
  await expect(page).toHaveURL(dashboard);

  // In a project the sections sit behind the breadcrumb Projects > project > section.
  await createProject(page, "Dog walks");
  await page.getByTestId("templates-skip").click();
  const breadcrumb = page.getByTestId("project-breadcrumb");
  await expect(breadcrumb).toContainText("Projects");
  await expect(breadcrumb).toContainText("Dog walks");
  await expect(breadcrumb.getByRole("button", { name: "Data" })).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("project-sidebar")).toBeHidden();
  await breadcrumb.getByRole("button", { name: "Data" }).click();
  await page.getByTestId("project-sidebar").getByRole("link", { name: "Model" }).click();
  // The model screen names its selected table in the hash once it has drawn (#Table1).
  await expect(page).toHaveURL(/\/types(#Table1)?$/);
  await expect(page).toHaveTitle("Model · Dog walks · Baukasten");
  await expect(page.getByTestId("fields-table")).toBeVisible();
  // The fields table scrolls inside its own box; the page itself never scrolls sideways.
  await expectNoSidewaysScroll(page);
  await expect(page.getByTestId("project-sidebar")).toBeHidden();
  await expect(breadcrumb.getByRole("button", { name: "Model" })).toBeVisible();
  await breadcrumb.getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(new RegExp(`^${dashboard}`));
});

test("the project sidebar keeps one width from section to section", async ({ page, platform }) => {
  await signUpWithWorkspace(page, platform, uniqueEmail("sidebar-width"), "Widths");
  const apiId = await createProject(page, "Wide");
  const widths: number[] = [];
  for (const section of ["data", "assets", "apps", "settings", "logs", "types"]) {
    await page.goto(`${platform.url}/api/${apiId}/${section}`);
    await expect(page.getByRole("main")).not.toBeEmpty();
    // Measured once the section has loaded. boundingBox() does not wait, and a sidebar seen
    // visible can be hidden again a moment later while the route still loads (a loaded run saw
    // null after toBeVisible): read it until it is drawn.
    await expect(page.locator('[role="progressbar"], .loading-bar')).toHaveCount(0);
    const sidebar = page.getByTestId("project-sidebar");
    await expect(async () => {
      const box = await sidebar.boundingBox();
      expect(box, `the sidebar of ${section} is drawn`).not.toBeNull();
      widths.push(box!.width);
    }).toPass();
  }
  expect(new Set(widths).size).toBe(1);
});
