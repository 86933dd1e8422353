import { consoleToken, postJson } from "./consoleApi";
import { seriousViolations } from "./a11y/axe";
import { expect, flaggedEmail, type PlatformProcess, signUpWithWorkspace, test, uniqueEmail } from "./platform";
import { publishableModel } from "../server/publishing/models";
import { addField, addObjectType, type SchemaModel } from "../../src/domain/model";

/**
 * Customer apps: an app for a user-pool project built in the console (list, add
 * popover, editor with a table view), then opened at its appUrl in a fresh browser context where
 * a project user signs up with the mailed code, creates an entry the table allows and is refused
 * an edit the table's permissions do not allow (another's entry in a publicly readable table).
 */
function appModel(): SchemaModel {
  let model = publishableModel(1);
  const shared = addObjectType(model, "Shared");
  model = addField(shared.model, shared.id, { name: "title", type: "String" }).model;
  // Everyone signed in reads this table; only an entry's owner may change it.
  return { ...model, objectTypes: model.objectTypes.map((table) => (table.id === shared.id ? { ...table, directives: [...table.directives, { name: "publicRead" }] } : table)) };
}

/** A 1×1 PNG: the smallest logo the upload accepts. */
const ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

test.describe("customer apps", () => {
  const owner = flaggedEmail("apps");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("builds an app in the console; a project user signs up at its appUrl, creates and edits an entry, opens it in a detail view and is refused an edit the table forbids", async ({ page, browser }) => {
    test.setTimeout(240_000);
    await signUpWithWorkspace(page, platform, owner, "App Co");
    const token = await consoleToken(platform, owner);
    const graphql = (query: string, variables: Record<string, unknown>) => postJson(`${platform.url}/graphql`, token, { query, variables });
    const orgId = new URL(page.url()).pathname.split("/")[2];
    const created = await graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } });
    const apiId = created.data.createApi.api.id as string;

    // Without user-pool auth the list says why no app can be added, with a link to the settings.
    await page.goto(`${platform.url}/api/${apiId}/apps`);
    await expect(page.getByTestId("apps-require-user-pool")).toContainText("Adding a customer app requires cognito user pool auth.");
    await expect(page.getByTestId("apps-add")).toHaveCount(0);
    await expect(page.getByTestId("apps-settings-link")).toHaveAttribute("href", `/api/${apiId}/settings`);

    const model = appModel();
    expect((await graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: apiId, schema: JSON.stringify(model), defaultAuthMode: "aws_cognito_user_pools" } })).errors).toBeUndefined();
    expect((await graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id } } }`, { input: { apiId } })).errors).toBeUndefined();
    await expect.poll(async () => (await graphql(`query ($id: ID!) { api(id: $id) { state } }`, { id: apiId })).data.api.state, { timeout: 60_000 }).toBe("PUBLISHED");

    const team = await postJson(`${platform.url}/p/${apiId}/graphql`, token, { query: `mutation ($input: CreateSharedInput!) { createShared(input: $input) { id } }`, variables: { input: { title: "Team entry" } } });
    expect(team.errors).toBeUndefined();

    // The list: the add popover refuses a short name on submit, then creates and opens the editor.
    await page.goto(`${platform.url}/api/${apiId}/apps`);
    await page.getByTestId("apps-add").click();
    await page.getByTestId("apps-add-name").fill("ab");
    await page.getByTestId("apps-add-submit").click();
    await expect(page.getByTestId("apps-add-popover")).toContainText("The app name needs at least 3 characters.");
    await page.getByTestId("apps-add-name").fill("Storefront");
    await page.getByTestId("apps-add-submit").click();
    await expect(page).toHaveURL(new RegExp(`/api/${apiId}/apps/app_[^/]+/editor$`));
    const appId = new URL(page.url()).pathname.split("/")[4];

    // The editor: a table view of Item1 and one of Shared, both offering create.
    await page.getByTestId("app-menu-table").selectOption({ label: "Item1" });
    await page.getByTestId("app-menu-add").click();
    await page.getByTestId("app-menu-table").selectOption({ label: "Shared" });
    await page.getByTestId("app-menu-add").click();
    await expect(page.getByTestId("app-menu-item")).toHaveText([/Item1/, /Shared/]);
    // Reordered by keyboard: Shared moves up, and back down.
    await page.getByTestId("app-menu-up").nth(1).click();
    await expect(page.getByTestId("app-menu-item")).toHaveText([/Shared/, /Item1/]);
    await page.getByTestId("app-menu-down").first().click();
    await expect(page.getByTestId("app-menu-item")).toHaveText([/Item1/, /Shared/]);
    // A chatbot view over Item1; the preview beside the editor shows the draft's menu.
    await page.getByTestId("app-menu-type").selectOption("chatbot");
    await page.getByTestId("app-menu-table").selectOption({ label: "Item1" });
    await page.getByTestId("app-menu-add").click();
    await expect(page.getByTestId("app-menu-item")).toHaveText([/Item1/, /Shared/, /Item1 2/]);
    await expect(page.getByTestId("app-preview").getByRole("button", { name: "Item1 2" })).toBeVisible();
    await page.getByTestId("app-editor-save").click();
    await expect(page.getByTestId("app-editor-saved")).toBeVisible();
    // 'Pin as a view' lives here, where the app may be changed: the preview plans a question against the saved app and pins it.
    await page.getByTestId("app-preview-chat-input").fill("lamp");
    await page.getByTestId("app-preview-chat-send").click();
    await expect(page.getByTestId("app-preview-chat-plan")).toContainText("“lamp”");
    await page.getByTestId("app-preview-pin-Item1").click();
    await expect(page.getByTestId("app-menu-item")).toHaveText([/Item1/, /Shared/, /Item1 2/, /Item1 3/]);
    // A detail view of Item1, which the table view's rows open, and the app's logo.
    await page.getByTestId("app-menu-type").selectOption("detail");
    await page.getByTestId("app-menu-table").selectOption({ label: "Item1" });
    await page.getByTestId("app-menu-add").click();
    await expect(page.getByTestId("app-menu-item")).toHaveCount(5);
    await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") });
    await expect(page.getByTestId("logo-preview")).toBeVisible();
    await page.getByTestId("app-editor-save").click();
    // Saved: a reload of the editor shows all five views.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("app-menu-item")).toHaveCount(5, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("logo-preview")).toBeVisible();

    await page.goto(`${platform.url}/api/${apiId}/apps`);
    await expect(page.getByTestId("apps-row")).toHaveCount(1);
    const appUrl = `${platform.url}/apps/${appId}/`;
    await expect(page.getByTestId("apps-row").getByRole("textbox")).toHaveValue(appUrl);

    // A fresh browser: the project's user signs up with the mailed code.
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } });
    const app = await context.newPage();
    await app.goto(appUrl);
    await expect(app.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(await seriousViolations(app)).toEqual([]);
    await app.getByRole("button", { name: "Create an account" }).click();
    const customer = uniqueEmail("customer");
    await app.getByLabel("Email").fill(customer);
    await app.getByLabel("Password").fill("Customer12");
    await app.getByRole("button", { name: "Create account" }).click();
    await app.getByLabel("Code from the email").fill(await platform.latestCode(customer));
    await app.getByRole("button", { name: "Confirm" }).click();
    await expect(app.getByRole("navigation", { name: "Menu" })).toBeVisible();
    await expect(app.getByRole("heading", { name: "Item1" })).toBeVisible();
    await expect(app.getByText("No entries.")).toBeVisible();
    await expect(app.locator("img.app-logo")).toBeVisible();

    await app.getByTestId("app-create").click();
    await app.getByLabel("title").fill("My first item");
    await app.getByRole("button", { name: "Save" }).click();
    await expect(app.getByRole("cell", { name: "My first item" })).toBeVisible();
    expect(await seriousViolations(app)).toEqual([]);
    // Usable at 390 px: nothing wider than the screen but the table's own scroller.
    expect(await app.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The user's own entry: editing it is allowed, and the detail view opens it.
    await app.getByRole("row").filter({ hasText: "My first item" }).getByRole("button", { name: "Edit" }).click();
    await app.getByLabel("title").fill("My first item, renamed");
    await app.getByRole("button", { name: "Save" }).click();
    await expect(app.getByRole("cell", { name: "My first item, renamed" })).toBeVisible();
    await app.getByRole("row").filter({ hasText: "My first item, renamed" }).getByRole("button", { name: "Open" }).click();
    await expect(app.getByRole("cell", { name: "My first item, renamed" })).toHaveCount(0);
    await expect(app.locator("dl.app-detail dd").filter({ hasText: "My first item, renamed" })).toBeVisible();

    // A member's entry in the shared table: the user reads it, but changing it is refused by the endpoint.
    await app.getByRole("link", { name: "Shared" }).click();
    await expect(app.getByRole("cell", { name: "Team entry" })).toBeVisible();
    await app.getByRole("button", { name: "Edit" }).click();
    await app.getByLabel("title").fill("Taken over");
    await app.getByRole("button", { name: "Save" }).click();
    await expect(app.getByRole("alert")).toBeVisible();
    await app.getByRole("button", { name: "Cancel" }).click();
    await expect(app.getByRole("cell", { name: "Team entry" })).toBeVisible();
    await expect(app.getByRole("cell", { name: "Taken over" })).toHaveCount(0);

    // The chatbot answers from the user's own rows only: the member's "Team lamp" in Item1 is not theirs.
    const lamp = await postJson(`${platform.url}/p/${apiId}/graphql`, token, { query: `mutation { createItem1(input: { title: "Team lamp" }) { id } }`, variables: {} });
    expect(lamp.errors).toBeUndefined();
    await app.getByRole("link", { name: "Item1 2" }).click();
    await app.getByLabel("Your question").fill("Which item or lamp is first?");
    await app.getByTestId("app-chat-send").click();
    await expect(app.getByTestId("app-chat-matched")).toContainText("Built-in search");
    await expect(app.getByTestId("app-chat-answer").getByRole("cell", { name: "My first item" })).toBeVisible();
    await expect(app.getByRole("cell", { name: "Team lamp" })).toHaveCount(0);
    await expect(app.getByRole("button", { name: "Pin as a view" })).toHaveCount(0);
    await app.getByText("Show the query").click();
    await expect(app.getByTestId("app-chat-query")).toContainText("listItem1");
    expect(await seriousViolations(app)).toEqual([]);
    await context.close();
  });
});
