import type { Page } from "@playwright/test";
import { consoleToken, postJson } from "./consoleApi";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test, uniqueEmail } from "./platform";
import { subscribed } from "./live";
import { publishableModel } from "../server/publishing/models";
import { setDirective } from "../../src/domain/model/directives";

/**
 * The playground (/api/{apiId}/queries): GraphiQL against the project's own endpoint,
 * run as the member, an API key and a project user, a subscription hearing another request's
 * create, and the query text kept across a reload.
 */
function playgroundModel() {
  const model = publishableModel(1);
  // Item1 is readable with the API key too (a user-pool project's key reads public tables only).
  return { ...model, objectTypes: model.objectTypes.map((table) => (table.name === "Item1" ? { ...table, directives: setDirective(table.directives, "publicRead", true) } : table)) };
}

/** Replaces the query editor's text the way typing does (CodeMirror's change events fire). */
async function setQuery(page: Page, text: string) {
  await page.locator(".graphiql-query-editor .CodeMirror").evaluate((element, value) => (element as unknown as { CodeMirror: { setValue(text: string): void } }).CodeMirror.setValue(value), text);
}

const response = (page: Page) => page.locator(".graphiql-response .CodeMirror");
const run = (page: Page) => page.getByRole("button", { name: /^Execute query/ }).click();

test.describe("the GraphQL playground", () => {
  const owner = flaggedEmail("playground");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("runs queries as the member, an API key and a project user, hears a subscription and keeps the query", async ({ page }) => {
    test.setTimeout(300_000);
    await signUpWithWorkspace(page, platform, owner, "Playground Co");
    const apiId = await createProject(page, "Shop");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await page.goto(`${platform.url}/project-publish/${apiId}/auth`);
    await page.getByRole("group", { name: "User authentication" }).getByRole("radio", { name: /^Cognito user pools/ }).check();
    await page.getByTestId("wizard-next").click();
    await expect(page).toHaveURL(new RegExp(`/project-publish/${apiId}/region$`));
    // Table permissions need the user pool chosen first.
    await saveDeclaration(page, platform, apiId, JSON.stringify(playgroundModel()), "User");
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-step-deployResolvers")).toHaveAttribute("data-status", "done", { timeout: 60_000 });

    // A record, an API key and a project user, made through the project's endpoint as the owner.
    const ownerToken = await consoleToken(platform, owner);
    const endpoint = `${platform.url}/p/${apiId}/graphql`;
    const item = await postJson(endpoint, ownerToken, { query: `mutation { createItem1(input: { title: "Lamp", price: 19.5 }) { id } }` });
    expect(item.errors).toBeUndefined();
    const key = await postJson(endpoint, ownerToken, { query: `mutation { createApiKey(input: { description: "Playground key" }) { id key } }` });
    expect(key.errors).toBeUndefined();
    const customer = uniqueEmail("customer");
    const user = await postJson(endpoint, ownerToken, { query: `mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }`, variables: { input: { email: customer, password: "Customer12" } } });
    expect(user.errors).toBeUndefined();

    await page.goto(`${platform.url}/api/${apiId}/queries`);
    await expect(page.getByTestId("playground")).toBeVisible();
    // The docs explorer is built from the project's schema (introspected as the member).
    await page.getByRole("button", { name: "Show Documentation Explorer" }).click();
    const docs = page.locator(".graphiql-doc-explorer");
    await expect(docs).toContainText("Query");
    await docs.getByRole("link", { name: "Query" }).first().click();
    await expect(docs).toContainText("listItem1");
    await expect(docs).toContainText("listUser");

    // As the member (the default).
    await setQuery(page, `{ listItem1 { items { title } } }`);
    await run(page);
    await expect(response(page)).toContainText(`"title": "Lamp"`);

    // As the API key: the request carries x-api-key, as 'copy as curl' shows.
    await page.getByTestId("playground-run-as").selectOption({ label: "API key Playground key" });
    // The docs follow the identity: the key of a user-pool project reads public tables only, so
    // its docs have no users table.
    // GraphiQL introspects again as the key and starts the explorer over at the schema's root.
    await expect(docs).toContainText("A GraphQL schema provides a root type");
    await docs.getByRole("link", { name: "Query" }).first().click();
    await expect(docs).toContainText("listItem1");
    await expect(docs).not.toContainText("listUser");
    await run(page);
    await expect(response(page)).toContainText(`"title": "Lamp"`);
    // The page may write the clipboard but not read it back (the server's permissions policy).
    await page.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => void ((window as unknown as { copied: string }).copied = text);
    });
    await page.getByTestId("playground-copy-curl").click();
    await expect(page.getByTestId("playground-copied")).toBeVisible();
    const curl = await page.evaluate(() => (window as unknown as { copied: string }).copied);
    expect(curl).toContain(`x-api-key: ${key.data.createApiKey.key}`);
    expect(curl).toContain("listItem1");
    // The key's own restriction shows: it may not read the users table.
    await setQuery(page, `{ listUser { items { email } } }`);
    await run(page);
    await expect(response(page)).toContainText(`"errors"`);

    // As the project user, signed in through the project's sign-in modal: the users table's rows
    // the member sees are not its to read.
    await page.getByTestId("playground-run-as").selectOption({ label: "Me (signed-in member)" });
    await run(page);
    await expect(response(page)).toContainText(`"email": "${customer}"`);
    await page.getByTestId("playground-run-as").selectOption({ label: "Project user (sign in)" });
    const dialog = page.getByTestId("project-sign-in-dialog");
    await dialog.getByTestId("project-sign-in-email").fill(customer);
    await dialog.getByTestId("project-sign-in-password").fill("Customer12");
    await dialog.getByTestId("dialog-submit").click();
    await expect(page.getByTestId("project-signed-in-as")).toHaveText(`Signed in as ${customer}`);
    await run(page);
    await expect(response(page)).toContainText(`"items": []`);
    // Nothing of it was written to the browser's storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(key.data.createApiKey.key);
    expect(stored).not.toContain("listUser");

    // A subscription as the member hears a create made by another request.
    await page.getByTestId("playground-run-as").selectOption({ label: "Me (signed-in member)" });
    const listening = subscribed(page, "Heard");
    await setQuery(page, `subscription Heard { onCreateItem1 { title } }`);
    await run(page);
    await listening;
    // The subscribe message may reach the server before it has checked the caller: creates
    // repeat until one is heard.
    await expect
      .poll(
        async () => {
          const created = await postJson(endpoint, ownerToken, { query: `mutation { createItem1(input: { title: "Heard it", price: 1 }) { id } }` });
          expect(created.errors).toBeUndefined();
          return response(page).textContent();
        },
        { timeout: 30_000 },
      )
      .toContain(`"title": "Heard it"`);
    await page.getByRole("button", { name: /^Stop query/ }).click();

    // The query text is kept per project: it is back after a reload.
    await setQuery(page, `query Kept { listItem1 { items { id title } } }`);
    // The state was already "saved" for the earlier text: wait for this edit's save to start
    // (React renders it after the editor's change event) and then to finish.
    await expect(page.getByTestId("playground-save-state")).toHaveAttribute("data-state", "saving");
    await expect(page.getByTestId("playground-save-state")).toHaveAttribute("data-state", "saved");
    await page.reload();
    await expect(page.locator(".graphiql-query-editor")).toContainText("query Kept");

    // On a phone and in German: nothing scrolls sideways, the controls are on screen, a query runs
    // and the docs open within the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${platform.url}/api/${apiId}/queries?lang=de`);
    await expect(page.getByText("Ausführen als")).toBeVisible();
    await expect(page.locator(".graphiql-query-editor")).toContainText("query Kept");
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    for (const control of [page.getByTestId("playground-run-as"), page.getByTestId("playground-copy-curl"), page.getByTestId("playground-copy-fetch")]) {
      await expect(control).toBeInViewport();
    }
    await expect(page.getByTestId("playground-copy-fetch")).toHaveText("Als fetch kopieren");
    const execute = page.getByRole("button", { name: /^Execute query/ });
    await execute.scrollIntoViewIfNeeded();
    await expect(execute).toBeInViewport();
    await execute.click();
    await response(page).scrollIntoViewIfNeeded();
    await expect(response(page)).toContainText(`"title": "Lamp"`);
    await expect(response(page)).toBeInViewport();
    // The response sits below the editors at the full width, not squeezed beside them.
    const responseBox = (await page.locator(".graphiql-response").boundingBox())!;
    const queryBox = (await page.locator(".graphiql-editors").boundingBox())!;
    expect(responseBox.width).toBeGreaterThanOrEqual(queryBox.width - 1);
    expect(responseBox.y).toBeGreaterThanOrEqual(queryBox.y + queryBox.height - 1);
    await page.screenshot({ path: test.info().outputPath("playground-390-de-response.png"), fullPage: true });
    await page.getByRole("button", { name: "Show Documentation Explorer" }).click();
    await expect(docs).toContainText("Query");
    // The docs open above the editors, and the query editor keeps a usable width beside them.
    const box = (await page.locator(".graphiql-plugin").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const editorBox = (await page.locator(".graphiql-query-editor").boundingBox())!;
    expect(editorBox.width).toBeGreaterThan(200);
    expect(editorBox.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("playground-390-de.png"), fullPage: true });
  });
});
