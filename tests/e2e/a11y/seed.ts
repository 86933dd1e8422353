import type { Browser, Page } from "@playwright/test";
import { createProject, expect, signUpWithWorkspace, uniqueEmail, type PlatformProcess } from "../platform";
import { publishableModel } from "../../server/publishing/models";
import type { SeedIds } from "./screens";

export type Seed = SeedIds & { credentials: Record<string, string> };

/** The tab's session storage: where the console keeps the signed-in user's credentials. */
const readCredentials = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key) ?? ""])));

/** Restores the credentials read by readCredentials in another tab, then the next load is signed in. */
export async function restoreCredentials(page: Page, baseUrl: string, credentials: Record<string, string>) {
  // Session storage belongs to the origin: a fresh tab first opens a page of the console.
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/login`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
  }, credentials);
}

/** Realistic data through the UI: a workspace with an invited member and a project built from a template. */
export async function seedWorkspace(browser: Browser, platform: PlatformProcess): Promise<Seed> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpWithWorkspace(page, platform, uniqueEmail("a11y"), "Accessible Co");
  const orgId = new URL(page.url()).pathname.split("/")[2];

  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Users" }).click();
  await page.getByTestId("invite-member").click();
  await page.getByLabel("Email address").fill(uniqueEmail("member"));
  await page.getByLabel("Role").selectOption({ label: "Developer" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("members-total")).toHaveText("2 members");

  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Projects" }).click();
  const apiId = await createProject(page, "Recipes");
  const modal = page.getByTestId("templates-modal");
  await modal.getByTestId("template-card").first().click();
  await modal.getByTestId("templates-use").click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("tab")).not.toHaveCount(0);
  const dataApiId = await publishedProjectWithEntries(page, platform, orgId);

  const credentials = await readCredentials(page);
  await context.close();
  return { orgId, apiId, dataApiId, credentials };
}

/**
 * A second project, created and published through the platform's API as the console's own
 * requests are signed (their Authorization and x-org headers), with a model publishing accepts
 * (the users table and Item1) and two entries written through the project's endpoint, so the
 * data screen shows a grid, its filter dropdown, the record sidebar and the project sign-in
 * dialog, and one file for the files screen.
 */
async function publishedProjectWithEntries(page: Page, platform: PlatformProcess, orgId: string) {
  const signed = page.waitForRequest((request) => request.url().endsWith("/graphql") && request.headers()["authorization"] !== undefined);
  await page.reload();
  const sent = (await signed).headers();
  const headers = { authorization: sent["authorization"], ...(sent["x-org"] ? { "x-org": sent["x-org"] } : {}) };
  const call = async (path: string, query: string, variables: Record<string, unknown>) => {
    const response = await page.request.post(platform.url + path, { headers, data: { query, variables } });
    const body = await response.json();
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const created = await call("/graphql", "mutation Create($input: CreateApiInput!) { createApi(input: $input) { api { id } } }", {
    // Its own user pool, so the data screen offers the project sign-in dialog.
    input: { orgId, name: "Pantry", defaultAuthMode: "aws_cognito_user_pools" },
  });
  const apiId: string = created.createApi.api.id;
  await call("/graphql", "mutation Publish($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id } } }", {
    input: { apiId, schema: JSON.stringify(publishableModel(1)) },
  });
  const create = "mutation Add($fields: String) { createType(ofType: \"Item1\", fields: $fields) { id } }";
  await expect(async () => {
    await call(`/p/${apiId}/graphql`, create, { fields: JSON.stringify({ title: "Soup", price: 4.5 }) });
  }).toPass({ timeout: 90_000 });
  await call(`/p/${apiId}/graphql`, create, { fields: JSON.stringify({ title: "Bread", price: 2 }) });
  // One file, so the files screen shows its list and its delete dialog (spec §7 'Files').
  const intent = await call(`/p/${apiId}/graphql`, "mutation Intent($input: UploadFileIntentInput!) { uploadFileIntent(input: $input) { key uploadUrl } }", {
    input: { key: "menu.txt", mimeType: "text/plain" },
  });
  expect((await page.request.put(intent.uploadFileIntent.uploadUrl, { headers: { "content-type": "text/plain" }, data: "Soup, bread" })).status()).toBe(200);
  await call(`/p/${apiId}/graphql`, "mutation Files($input: [CreateFileDocumentInput!]!) { batchCreateFileDocument(input: $input) { id } }", {
    input: [{ key: "menu.txt", mimeType: "text/plain" }],
  });
  return apiId;
}
