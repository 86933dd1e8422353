import { consoleToken, postJson } from "./consoleApi";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test, uniqueEmail } from "./platform";
import { publishableModel } from "../server/publishing/models";

/**
 * Spec §4 'Project-level API admin sign-in: a button opens an auth modal. Signing out
 * clears the token.' A project published with Cognito user pools gets its own pool; a user
 * created through the project's API signs in through the data explorer's modal, which then shows
 * the data as that user, and signs out again.
 */
test.describe("signing in as a project user", () => {
  const owner = flaggedEmail("pool");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("publishes a user-pool project, signs a project user in through the modal and out again", async ({ page }) => {
    test.setTimeout(240_000);
    await signUpWithWorkspace(page, platform, owner, "Pool Co");
    const apiId = await createProject(page, "Members");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    // Step 1 of the publish wizard picks the project's user authentication method (spec §9).
    await page.goto(`${platform.url}/project-publish/${apiId}/auth`);
    const authMode = page.getByRole("group", { name: "User authentication" });
    await expect(authMode.getByRole("radio", { name: /^API key/ })).toBeChecked();
    await authMode.getByRole("radio", { name: /^Cognito user pools/ }).check();
    await page.getByTestId("wizard-next").click();
    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/region$`));

    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-step-deployResolvers")).toHaveAttribute("data-status", "done", { timeout: 60_000 });

    // Once published, the wizard shows the method read-only.
    await page.goto(`${platform.url}/project-publish/${apiId}/auth`);
    await expect(authMode.getByRole("radio", { name: /^Cognito user pools/ })).toBeChecked();
    await expect(authMode.getByRole("radio", { name: /^API key/ })).toBeDisabled();
    await expect(page.getByTestId("auth-mode-read-only")).toHaveText("The project is published, so its user authentication method can no longer be changed.");

    const ownerToken = await consoleToken(platform, owner);
    // A project user, created through the project's own API with a password (kept as a verifier only).
    const customer = uniqueEmail("customer");
    const created = await postJson(`${platform.url}/p/${apiId}/graphql`, ownerToken, {
      query: `mutation ($input: CreateUserInput!) { createUser(input: $input) { id password } }`,
      variables: { input: { email: customer, password: "Customer12" } },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data.createUser.password).toBeNull();

    await page.goto(`${platform.url}/api/${apiId}/data#User`);
    await expect(page.getByTestId("grid-row")).toHaveCount(1);
    await page.getByTestId("project-sign-in").click();
    const dialog = page.getByTestId("project-sign-in-dialog");
    await expect(dialog.getByTestId("project-sign-in-email")).toBeFocused();

    // A wrong password is explained in the modal, which stays open.
    await dialog.getByTestId("project-sign-in-email").fill(customer);
    await dialog.getByTestId("project-sign-in-password").fill("Wrong1234");
    await dialog.getByTestId("project-sign-in-password").press("Enter");
    await expect(dialog.getByTestId("dialog-error")).toHaveText("Incorrect email or password.");

    await dialog.getByTestId("project-sign-in-password").fill("Customer12");
    await dialog.getByTestId("dialog-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("project-signed-in-as")).toHaveText(`Signed in as ${customer}`);
    // The entries load again as the project user, who reads only the rows they own: an entry a
    // member made for their address becomes theirs once they prove the mailbox.
    await expect(page.getByTestId("grid-row")).toHaveCount(0);
    await expect(page.getByRole("gridcell", { name: "No entries." })).toBeVisible();

    await page.getByTestId("project-sign-out").click();
    await expect(page.getByTestId("project-signed-in-as")).toHaveCount(0);
    await expect(page.getByTestId("project-sign-in")).toBeVisible();
    await expect(page.getByTestId("grid-row")).toHaveCount(1);
  });
});
