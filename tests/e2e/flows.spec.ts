import { createProject, expect, PlatformProcess, saveDeclaration, serverPort, signUpWithWorkspace, test, uniqueEmail } from "./platform";
import { publishableModel } from "../server/publishing/models";

/**
 * Spec §2 Flows list and Flow editor through the console: a flow added from the list, built on
 * the canvas with the keyboard and the side panel (a 'run now' trigger and a step that creates an
 * entry), saved, run, and its run and step log seen under the flow.
 */
test.describe("Flows", () => {
  const owner = uniqueEmail("flows");
  let platform: PlatformProcess;
  test.beforeAll(async ({}, workerInfo) => {
    // Flows and the JSON declaration screen are behind a feature flag.
    platform = new PlatformProcess(await serverPort(37, workerInfo.workerIndex), { FEATURE_FLAG_EMAILS: owner });
    test.setTimeout(180_000);
    await platform.start();
  });
  test.afterAll(async () => {
    await platform.stop();
    platform.dispose();
  });

  test("builds a two-node flow in the editor, saves it, runs it and sees the run", async ({ page }) => {
    test.setTimeout(180_000);
    await signUpWithWorkspace(page, platform, owner, "Flows Co");
    const apiId = await createProject(page, "Shop");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);

    await page.goto(`${platform.url}/api/${apiId}/flows`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flows");
    await expect(page.getByTestId("flows-empty")).toBeVisible();
    await page.getByTestId("flows-add").click();
    // Spec §5: the minimum is checked on submit.
    await page.getByTestId("flow-name").fill("ab");
    await page.getByTestId("flow-create").click();
    await expect(page.getByTestId("add-flow-dialog")).toContainText("at least 3 characters");
    await page.getByTestId("flow-name").fill("Price list");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("flow-editor")).toBeVisible();

    // A trigger: its problems show on the node until it is complete.
    await page.getByTestId("flow-add-trigger").click();
    await expect(page.getByTestId("flow-node-trigger1").getByTestId("flow-node-problems")).toBeVisible();
    await page.getByLabel("Trigger name").fill("By hand");
    await page.getByLabel("Starts when").selectOption("manual");
    await expect(page.getByTestId("flow-node-trigger1").getByTestId("flow-node-problems")).toHaveCount(0);

    // A step that creates an Item1 from constants.
    await page.getByTestId("flow-add-step").click();
    await page.getByLabel("Step name").fill("Add item");
    await page.getByLabel("Action").selectOption("createEntry");
    await page.getByLabel("Table").selectOption("Item1");
    await page.getByLabel("Field values").fill("title = Made by a flow\nprice = 9.5");
    await expect(page.getByTestId("flow-node-step1").getByTestId("flow-node-problems")).toHaveCount(0);

    // The keyboard: a node is focusable and selecting it opens its panel.
    await page.getByTestId("flow-node-trigger1").click();
    await expect(page.getByTestId("trigger-panel")).toBeVisible();

    await page.getByTestId("flow-save").click();
    await expect(page.getByTestId("flow-save")).toBeDisabled();
    await page.getByTestId("flow-run-now").click();
    const run = page.getByTestId("flow-run").first();
    await expect(async () => {
      await page.getByTestId("flow-runs-refresh").click();
      await expect(run.getByTestId("flow-run-status")).toHaveText("Succeeded", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await run.getByRole("button").first().click();
    await expect(run.getByTestId("flow-run-log")).toContainText("Add item");

    // Back on the list: the flow is there, and deleting asks first.
    await page.getByRole("link", { name: "Flows" }).click();
    await expect(page.getByTestId("flow-row")).toHaveCount(1);
    await page.getByTestId("flow-delete").click();
    await page.getByTestId("flow-delete-dialog").getByTestId("confirm").click();
    await expect(page.getByTestId("flows-empty")).toBeVisible();
  });
});
