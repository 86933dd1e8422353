import type { Locator, Page } from "@playwright/test";
import { expect, PASSWORD, test, uniqueEmail } from "./platform";

/**
 * "What I will check": "a keyboard-only walk through sign-up, inviting a member and
 * creating a project". No mouse: Tab to each control, type, and press Enter or Space.
 */

/** Tabs forward until `target` has focus, and checks that a focus ring shows where it landed. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let press = 0; press <= maxPresses; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      const ring = await target.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(ring, "the focused control shows a focus ring").not.toBe("none");
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`${target} is not reachable with Tab`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test("sign-up, inviting a member and creating a project work with the keyboard alone", async ({ page, platform }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("keyboard");
  await page.goto(`${platform.url}/signup`);
  // The form is there before the first key press (a signed-out tab first asks open tabs for a session).
  await expect(page.getByLabel("Email address")).toBeVisible();

  // The skip link is the first stop and moves focus past the navigation.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  await typeInto(page, page.getByLabel("Email address"), email);
  await typeInto(page, page.getByLabel("Password", { exact: true }), PASSWORD);
  await typeInto(page, page.getByLabel("Confirm password"), PASSWORD);
  await tabTo(page, page.getByRole("checkbox"));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Sign up" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/signup-code-entry\?email=/);

  await typeInto(page, page.getByLabel("Verification code"), await platform.latestCode(email));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/workspace-setup$/);
  await typeInto(page, page.getByLabel("Workspace name"), "Keys Only");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("dashboard-title")).toHaveText("Projects of Keys Only");

  // Invite a member: the workspace's Users tab, the invite button, the form.
  const workspaceNav = page.getByRole("navigation", { name: "Workspace" });
  await tabTo(page, workspaceNav.getByRole("link", { name: "Users" }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByTestId("invite-member"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/users\/invite$/);
  const member = uniqueEmail("member");
  await typeInto(page, page.getByLabel("Email address"), member);
  await tabTo(page, page.getByLabel("Role"));
  await page.keyboard.type("Developer"); // a closed select picks the option whose label is typed
  await expect(page.getByLabel("Role").locator("option:checked")).toHaveText("Developer");
  await tabTo(page, page.getByRole("button", { name: "Send invitation" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId("member-row").filter({ hasText: member })).toHaveCount(1);

  // Create a project and start without a template.
  await tabTo(page, workspaceNav.getByRole("link", { name: "Projects" }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByTestId("create-project-card"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/project-setup\/name$/);
  await typeInto(page, page.getByLabel("Project name"), "Keyboard Project");
  await tabTo(page, page.getByRole("checkbox"));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Create project" }));
  await page.keyboard.press("Enter");
  const templates = page.getByTestId("templates-modal");
  await expect(templates).toBeVisible();
  await tabTo(page, templates.getByTestId("templates-skip"));
  await page.keyboard.press("Enter");
  await expect(templates).toBeHidden();
  await expect(page.getByRole("tab", { name: "Table1" })).toBeVisible();
});
