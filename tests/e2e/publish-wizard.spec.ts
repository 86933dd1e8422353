import type { Page } from "@playwright/test";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test, uniqueEmail } from "./platform";
import { addField, initialModel } from "../../src/domain/model";

/**
 * 'The wizard and the money': a project from the publish button through the users
 * table, the region, a plan, the billing address and the built-in test checkout to live, with
 * the trial's invoice on the billing page.
 */
test.describe("publish wizard", () => {
  const flagged = flaggedEmail("wizard-custom-users");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    // At [::1], not the default localhost: checkout must come back to the address the console was
    // opened at, where the sign-in is stored.
    platform = workerPlatform.at("[::1]");
  });

  test("default users table, Pro billed yearly, test checkout, live, and the invoice on the billing page", async ({ page }) => {
    await signUpWithWorkspace(page, platform, uniqueEmail("wizard"), "Wizard Co");
    const orgId = new URL(page.url()).pathname.split("/")[2];
    const apiId = await createProject(page, "Shop");
    // Without the templates modal that a new project opens with.
    await page.goto(`${platform.url}/api/${apiId}/data`);
    await page.getByTestId("publish-button").click();
    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/auth$`));
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up the users table");
    await expect(page.getByTestId("users-table-default")).toBeChecked();
    await expect(page.getByText("Adds a table User with an email and a password field.")).toBeVisible();
    await page.getByTestId("wizard-next").click();

    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/region$`));
    await expect(page.getByRole("radio")).toHaveCount(16);
    await expect(page.getByTestId("region-eu-central-1").getByRole("radio")).toBeChecked();
    await page.getByTestId("region-eu-west-1").click();
    await page.getByTestId("wizard-next").click();

    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/bundles$`));
    await expect(page.getByTestId("interval-YEAR")).toBeChecked();
    await expect(page.getByTestId("bundle-PROFESSIONAL").getByRole("radio")).toBeChecked();
    await expect(page.getByTestId("bundle-PROFESSIONAL-price")).toHaveText("€79.20 / month");
    await page.getByTestId("bundles-subscribe").click();

    // No billing address yet: the billing step comes first, and Continue names what is missing.
    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/billing$`));
    await page.getByTestId("billing-continue").click();
    await expect(page.getByTestId("publish-billing-error")).toHaveText(/country/i);
    await fillBillingAddress(page);
    await page.getByTestId("billing-continue").click();

    await expect(page).toHaveURL(/\/pay\/checkout\/cs_[a-f0-9]+\?token=/);
    expect(new URL(page.url()).origin).toBe(platform.url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribe to Pro");
    await payWithTestCard(page);

    // The paid plan is subscribed, then the overview shows what will be published before it is.
    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/overview$`));
    await expect(page.getByTestId("publish-plan")).toHaveText("Pro");
    await expect(page.getByTestId("publish-tables").getByRole("listitem")).toHaveText(["Table1", "User"]);
    await expect(page.getByText("Ireland")).toBeVisible();
    await page.getByTestId("publish-submit").click();

    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/publishing$`));
    expect(new URL(page.url()).origin).toBe(platform.url);
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);
    for (const step of ["prepareStack", "createSchema", "deployResolvers"]) {
      await expect(page.getByTestId(`publish-step-${step}`)).toHaveAttribute("data-status", "done");
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop is published");

    await page.goto(`${platform.url}/org/${orgId}/billing`);
    await expect(page.getByTestId("invoice-row")).toHaveCount(1);
    await expect(page.getByTestId("invoice-row")).toContainText("€0.00");
    const download = page.waitForEvent("download");
    await page.getByTestId("invoice-download").click();
    expect((await download).suggestedFilename()).toMatch(/^invoice-inv_.+\.pdf$/);
  });

  test("custom users table, Starter billed monthly, back from a cancelled checkout, then paid and live", async ({ page }) => {
    await signUpWithWorkspace(page, platform, flagged, "Custom Co");
    const apiId = await createProject(page, "Members");
    const model = initialModel();
    const tableId = model.objectTypes[0].id;
    const withLogin = addField(model, tableId, { name: "login", type: "String" });
    const withSecret = addField(withLogin.model, tableId, { name: "secret", type: "String" });
    await saveDeclaration(page, platform, apiId, JSON.stringify(withSecret.model));

    await page.goto(`${platform.url}/project-publish/${apiId}/auth`);
    await page.getByTestId("users-table-custom").check();
    await page.getByTestId("wizard-next").click();
    await expect(page.getByLabel("Table", { exact: true })).toBeFocused();
    await expect(page.getByText("Please select the users table and its email and password fields.")).toBeVisible();
    await page.getByLabel("Table", { exact: true }).selectOption({ label: "Table1" });
    await page.getByLabel("Email field", { exact: true }).selectOption({ label: "login" });
    // The password options leave out the email pick and the read-only fields.
    await expect(page.getByLabel("Password field", { exact: true }).getByRole("option")).toHaveText(["Choose…", "secret"]);
    await page.getByLabel("Password field", { exact: true }).selectOption({ label: "secret" });
    await page.getByTestId("wizard-next").click();

    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/region$`));
    await page.getByTestId("wizard-next").click();
    await page.getByTestId("interval-MONTH").check();
    await page.getByTestId("bundle-STARTER").click();
    await expect(page.getByTestId("bundle-STARTER-price")).toHaveText("€29.00 / month");
    await page.getByTestId("bundles-subscribe").click();
    await fillBillingAddress(page);
    await page.getByTestId("billing-continue").click();

    // Cancel returns to the bundles step, where the stored checkout restores the choice (§4).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribe to Starter");
    await page.getByTestId("checkout-cancel").click();
    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/bundles\\?session_id=cs_`));
    await expect(page.getByTestId("bundle-STARTER").getByRole("radio")).toBeChecked();
    await expect(page.getByTestId("interval-MONTH")).toBeChecked();
    await page.getByTestId("bundles-subscribe").click();

    await payWithTestCard(page);
    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/overview$`));
    await expect(page.getByTestId("publish-plan")).toHaveText("Starter");
    await expect(page.getByTestId("publish-tables").getByRole("listitem")).toHaveText(["Table1"]);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);
  });
});

async function fillBillingAddress(page: Page) {
  await page.getByLabel("Country").selectOption({ label: "Germany" });
  await page.getByLabel("Street and number").fill("Hauptstraße 1");
  await page.getByLabel("Postal code").fill("10115");
  await page.getByLabel("City").fill("Berlin");
  await page.getByTestId("save-billing").click();
  await expect(page.getByTestId("billing-saved")).toBeVisible();
}

async function payWithTestCard(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Start subscription" }).click();
}
