import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test } from "./platform";
import { publishableModel } from "../server/publishing/models";
import { addObjectType } from "../../src/domain/model";

/**
 * Publishing through the console. The publish wizard's user-table step comes with the
 * wizard; here the users table arrives through the JSON declaration (a flagged user).
 */
test.describe("publishing", () => {
  const flagged = flaggedEmail("publisher");
  const republisher = flaggedEmail("republisher");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("a project goes live from the overview, its three steps shown, and the widget then shows its URL", async ({ page }) => {
    await signUpWithWorkspace(page, platform, flagged, "Publishing Co");
    const apiId = await createProject(page, "Live");
    await page.goto(`${platform.url}/api/${apiId}/data`);
    const widget = page.getByTestId("publish-widget");
    await expect(widget).toContainText("Not published yet.");
    await expect(page.getByTestId("publish-button")).toHaveText("Publish");
    await expect(page.getByTestId("publish-button")).toHaveAttribute("href", `/project-publish/${apiId}/auth`);
    // Known to have no live API, the data page no longer asks the project's endpoint (its 404 showed in the console).
    const notFound: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 404) notFound.push(response.url());
    });
    await page.reload();
    await expect(widget).toContainText("Not published yet.");
    expect(notFound).toEqual([]);

    // Without a users table the server refuses with the spec's message and nothing starts.
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await expect(page.getByTestId("publish-tables")).toHaveText("Table1");
    await page.getByTestId("publish-submit").click();
    await expect(page.getByRole("alert")).toHaveText("Please select the users table and its email and password fields.");
    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/overview$`));

    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publish Live");
    await expect(page.getByTestId("publish-tables").getByRole("listitem")).toHaveText(["User", "Item1"]);
    await page.getByTestId("publish-submit").click();

    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/publishing$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^(Publishing Live|Live is published)$/);
    for (const step of ["prepareStack", "createSchema", "deployResolvers"]) {
      await expect(page.getByTestId(`publish-step-${step}`)).toHaveAttribute("data-status", "done");
    }
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);
    await expect(page.getByTestId("live-region")).toHaveText("Published. The project's API is live.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live is published");

    await page.getByTestId("publishing-close").click();
    await expect(page).toHaveURL(new RegExp(`/api/${apiId}/data`));
    await expect(page.getByTestId("project-status")).toHaveText("live");
    await expect(page.getByTestId("publish-url")).toHaveText(`${platform.url}/p/${apiId}/graphql`);
    await expect(page.getByTestId("publish-copy-url")).toBeVisible();
    await expect(page.getByTestId("publish-button")).toHaveText("Publish");
    await expect(page.getByTestId("publish-button")).toHaveAttribute("href", `/api-setup/${apiId}/overview`);
  });

  test("the history republishes an earlier version: typed 'republish', unpublished changes confirmed first", async ({ page }) => {
    await signUpWithWorkspace(page, platform, republisher, "Republishing Co");
    const apiId = await createProject(page, "Shop");
    const first = publishableModel(1);
    const second = addObjectType(first, "Item2").model;
    const draft = addObjectType(second, "Draft").model;
    const publishFromOverview = async () => {
      await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
      await page.getByTestId("publish-submit").click();
      await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);
    };
    await saveDeclaration(page, platform, apiId, JSON.stringify(first));
    await publishFromOverview();
    await saveDeclaration(page, platform, apiId, JSON.stringify(second), "User");
    await publishFromOverview();
    await saveDeclaration(page, platform, apiId, JSON.stringify(draft), "User");

    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    const history = page.getByTestId("publish-history");
    await expect(history.getByRole("row")).toHaveCount(3);
    await expect(history.getByTestId("publish-run-2")).toContainText("Succeeded");
    await history.getByTestId("republish-1").click();

    await expect(page).toHaveURL(new RegExp(`/api/${apiId}/republish/1$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Republish version 1 of Shop");
    await expect(page.getByTestId("republish-tables").getByRole("listitem")).toHaveText(["User", "Item1"]);
    await expect(page.getByTestId("republish-discards")).toBeVisible();
    await expect(page.getByTestId("republish-submit")).toBeDisabled();
    await page.getByLabel("Type 'republish' to confirm").fill("republish");
    await page.getByTestId("republish-submit").click();
    // The unpublished Draft table is discarded only after the user says so.
    const dialog = page.getByTestId("republish-discard-dialog");
    await expect(dialog).toContainText("Discard unpublished changes?");
    await dialog.getByTestId("confirm").click();

    await expect(page).toHaveURL(new RegExp(`/api-setup/${apiId}/publishing$`));
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await expect(page.getByTestId("publish-tables").getByRole("listitem")).toHaveText(["User", "Item1"]);
    await expect(page.getByTestId("publish-history").getByTestId("publish-run-3")).toBeVisible();

    await page.goto(`${platform.url}/api/${apiId}/republish/99`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});
