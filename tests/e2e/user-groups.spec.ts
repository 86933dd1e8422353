import type { Page } from "@playwright/test";
import { consoleToken, postJson } from "./consoleApi";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test, uniqueEmail } from "./platform";
import { publishableModel } from "../server/publishing/models";
import { setAccessGroups, toggleTableAccess } from "../../src/domain/model";

/**
 * Spec §6 'Table access: per operation … with public read, group, …'. A member puts a
 * project user in the group a table gives read access to, through the users-table record's
 * Groups card; the user then reads that table's entries after signing in, and no longer after
 * the member takes the group away again.
 */
test.describe("a project user's groups", () => {
  const owner = flaggedEmail("groups");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("adds a group through the record editor, which opens a group-read table to the user, and removes it", async ({ page }) => {
    test.setTimeout(240_000);
    await signUpWithWorkspace(page, platform, owner, "Groups Co");
    const apiId = await createProject(page, "Reports");
    // Table permissions are offered only with a user auth mode (spec §5), so the mode comes first.
    await page.goto(`${platform.url}/project-publish/${apiId}/auth`);
    await page.getByRole("group", { name: "User authentication" }).getByRole("radio", { name: /^Cognito user pools/ }).check();
    await page.getByTestId("wizard-next").click();
    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/region$`));
    await saveDeclaration(page, platform, apiId, JSON.stringify(modelWithEditorsReading()));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-step-deployResolvers")).toHaveAttribute("data-status", "done", { timeout: 60_000 });

    // A project user, and an entry a member wrote: it has no owner, so only its group reads it.
    const ownerToken = await consoleToken(platform, owner);
    const customer = uniqueEmail("editor");
    const endpoint = `${platform.url}/p/${apiId}/graphql`;
    const created = await postJson(endpoint, ownerToken, {
      query: `mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }`,
      variables: { input: { email: customer, password: "Customer12" } },
    });
    expect(created.errors).toBeUndefined();
    const item = await postJson(endpoint, ownerToken, { query: `mutation { createItem1(input: { title: "Quarterly report", price: 1 }) { id } }` });
    expect(item.errors).toBeUndefined();

    await page.goto(`${platform.url}/api/${apiId}/data#User`);
    await page.getByTestId("row-edit").click();
    const groups = page.getByTestId("user-groups");
    await expect(groups.getByTestId("user-groups-empty")).toHaveText("Not in any group yet.");
    await groups.getByLabel("Add to group").fill("editors");
    await groups.getByLabel("Add to group").press("Enter");
    await expect(groups.getByTestId("user-group")).toHaveCount(1);
    await expect(groups.getByTestId("user-group")).toContainText("editors");
    await expect(groups.getByLabel("Add to group")).toHaveValue("");

    // Stored on the server: after a reload the reopened record still shows it.
    await page.reload();
    await expect(page.getByTestId("user-groups").getByTestId("user-group")).toContainText("editors");

    await signInAsProjectUser(page, customer);
    await page.getByRole("tab", { name: "Item1" }).click();
    await expect(page.getByTestId("grid-row")).toHaveCount(1);
    await expect(page.getByTestId("grid-row").first()).toContainText("Quarterly report");
    await page.getByTestId("project-sign-out").click();

    await page.getByRole("tab", { name: "User" }).click();
    await page.getByTestId("row-edit").click();
    await page.getByRole("button", { name: "Remove from group editors" }).click();
    await expect(page.getByTestId("user-groups").getByTestId("user-groups-empty")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("user-groups").getByTestId("user-groups-empty")).toBeVisible();

    // Without the group, the user's next sign-in no longer reads the member's entry.
    await page.getByTestId("record-close").click();
    await signInAsProjectUser(page, customer);
    await page.getByRole("tab", { name: "Item1" }).click();
    await expect(page.getByTestId("grid-empty")).toBeVisible();
  });
});

/** publishableModel(1) whose Item1 table lets the group editors read every entry. */
function modelWithEditorsReading() {
  const model = publishableModel(1);
  return {
    ...model,
    objectTypes: model.objectTypes.map((table) => (table.name === "Item1" ? toggleTableAccess(setAccessGroups(table, ["editors"]), "read", "group") : table)),
  };
}

async function signInAsProjectUser(page: Page, email: string) {
  await page.getByTestId("project-sign-in").click();
  const dialog = page.getByTestId("project-sign-in-dialog");
  await dialog.getByTestId("project-sign-in-email").fill(email);
  await dialog.getByTestId("project-sign-in-password").fill("Customer12");
  await dialog.getByTestId("dialog-submit").click();
  await expect(page.getByTestId("project-signed-in-as")).toHaveText(`Signed in as ${email}`);
}
