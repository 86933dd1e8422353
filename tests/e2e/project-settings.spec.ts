import { consoleToken, postJson } from "./consoleApi";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test } from "./platform";
import { publishableModel } from "../server/publishing/models";

/**
 * Project settings through the console against a real server: save and cancel,
 * rename, the API keys (create, reveal, use with fetch, edit, rotate, delete, the rotated-out key
 * refused) and deleting the project with its name typed.
 */
test.describe("Project settings", () => {
  // The JSON declaration screen (to save a publishable model quickly) is behind a feature flag.
  // The worker's server has room for more unexpired keys than one page of the key list holds
  // (apiKeysPerProject in platform.ts's E2E_LIMITS).
  const owner = flaggedEmail("settings");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("saves, cancels, renames, manages keys and deletes the project", async ({ page }) => {
    test.setTimeout(240_000);
    // The server's Permissions-Policy keeps the page from reading the clipboard: the test records what is written.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void ((window as unknown as { copied: string }).copied = text) } });
    });
    await signUpWithWorkspace(page, platform, owner, "Settings Co");
    const apiId = await createProject(page, "Shop");

    // Before publishing: the facts, no URLs yet, and the keys wait for the first publish.
    await page.goto(`${platform.url}/api/${apiId}/settings`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project settings");
    await expect(page.getByTestId("project-id")).toHaveText(apiId);
    await expect(page.getByTestId("graphql-url")).toHaveText("Available once the project is published.");
    await expect(page.getByTestId("api-keys-note")).toHaveText("Please publish project before editing data.");

    // Cancel and Save appear only while something differs; Cancel puts the stored values back.
    const name = page.getByTestId("project-name");
    await expect(page.getByTestId("save-settings")).toHaveCount(0);
    await name.fill("Shop 2");
    await page.getByTestId("cancel-settings").click();
    await expect(name).toHaveValue("Shop");
    await expect(page.getByTestId("save-settings")).toHaveCount(0);
    // OIDC asks for its client id and issuer (spec §8 messages) before it saves.
    await page.getByTestId("auth-mode-aws_oidc").check();
    await page.getByTestId("save-settings").click();
    await expect(page.getByText("The OIDC clientId is mandatory.")).toBeVisible();
    await expect(page.getByText("The OIDC issuerUrl is mandatory.")).toBeVisible();
    await page.getByTestId("cancel-settings").click();
    await expect(page.getByTestId("auth-mode-aws_api_key")).toBeChecked();

    await name.fill("Storefront");
    await page.getByTestId("save-settings").click();
    await expect(page.getByTestId("settings-saved")).toBeVisible();
    await expect(page.getByTestId("save-settings")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("project-name")).toHaveValue("Storefront");

    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);

    await page.goto(`${platform.url}/api/${apiId}/settings`);
    const endpoint = `${platform.url}/p/${apiId}/graphql`;
    await expect(page.getByTestId("graphql-url")).toHaveText(endpoint);
    await expect(page.getByTestId("realtime-url")).toContainText(`/p/${apiId}/graphql`);
    // Once published the authentication method is read-only (spec §4).
    await expect(page.getByTestId("auth-mode-read-only")).toBeVisible();
    await expect(page.getByTestId("auth-mode-aws_oidc")).toBeDisabled();
    await expect(page.getByTestId("default-key").getByTestId("api-key-row")).toHaveCount(1);
    await expect(page.getByTestId("custom-keys-empty")).toBeVisible();

    // Create: description and days; the key is masked until revealed.
    await page.getByTestId("add-key").click();
    await page.getByTestId("key-description").fill("Mobile app");
    await page.getByTestId("key-days").fill("30");
    await page.getByTestId("save-key").click();
    const custom = page.getByTestId("custom-keys").getByTestId("api-key-row");
    await expect(custom).toHaveCount(1);
    const row = custom.first();
    await expect(row.getByTestId("api-key-description")).toHaveText("Mobile app");
    await expect(row.getByTestId("api-key-validity")).toHaveText("30");
    await expect(row.getByTestId("api-key-value")).toContainText("••••");
    await row.getByTestId("reveal-key").click();
    const key = (await row.getByTestId("api-key-value").textContent())!;
    expect(key).toMatch(/^da2-/);
    await row.getByTestId("copy-key").click();
    await expect(row.getByTestId("copy-key")).toHaveText("Copied");
    expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(key);
    await expect(row.getByTestId("api-key-used")).toHaveText("Never");

    // The new key works against the project's endpoint at once.
    const call = (apiKey: string) =>
      page.evaluate(
        async ([url, k]) => (await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-api-key": k }, body: JSON.stringify({ query: "{ __typename }" }) })).status,
        [endpoint, apiKey] as const,
      );
    expect(await call(key)).toBe(200);
    await page.reload();
    await expect(page.getByTestId("custom-keys").getByTestId("api-key-used").first()).toContainText("1 use in 24 h");

    // Edit: only the description changes.
    await page.getByTestId("custom-keys").getByTestId("edit-key").click();
    await page.getByTestId("key-description").fill("Mobile app v2");
    await page.getByTestId("save-key").click();
    await expect(page.getByTestId("custom-keys").getByTestId("api-key-description")).toHaveText("Mobile app v2");

    // Rotate with 0 days: a successor, and the old key refused at once (an expired key).
    await page.getByTestId("custom-keys").getByTestId("rotate-key").click();
    await page.getByTestId("rotate-grace-days").fill("31");
    await page.getByTestId("confirm-rotate").click();
    await expect(page.getByText("The grace period must be 0 to 30 days.")).toBeVisible();
    await page.getByTestId("rotate-grace-days").fill("0");
    await page.getByTestId("confirm-rotate").click();
    await expect(custom).toHaveCount(2);
    await expect(custom.filter({ has: page.getByText("Expired") })).toHaveCount(1);
    expect(await call(key)).toBe(401);
    const successor = custom.filter({ hasNot: page.getByText("Expired") });
    await successor.getByTestId("reveal-key").click();
    const successorKey = (await successor.getByTestId("api-key-value").textContent())!;
    expect(successorKey).not.toBe(key);
    expect(await call(successorKey)).toBe(200);

    // Rotate the successor with a grace period: the old one says when it stops.
    await successor.getByTestId("rotate-key").click();
    await page.getByTestId("rotate-grace-days").fill("3");
    await page.getByTestId("confirm-rotate").click();
    await expect(custom).toHaveCount(3);
    await expect(page.getByText("expires in 3 days")).toBeVisible();
    expect(await call(successorKey)).toBe(200);

    // Warnings 14, 7 and 1 day before a key expires, each of its own kind, above the table and on the row.
    const addKey = async (description: string, days: string) => {
      await page.getByTestId("custom-keys").getByTestId("add-key").click();
      await page.getByTestId("key-description").fill(description);
      await page.getByTestId("key-days").fill(days);
      await page.getByTestId("save-key").click();
      await expect(custom.filter({ hasText: description })).toHaveCount(1);
    };
    await expect(page.getByTestId("keys-expiring-7")).toHaveText("1 key expires within 7 days.");
    await expect(page.getByTestId("keys-expiring-14")).toHaveCount(0);
    await expect(page.getByTestId("keys-expiring-1")).toHaveCount(0);
    await addKey("Demo", "1");
    await addKey("Partner", "10");
    await expect(page.getByTestId("keys-expiring-1")).toHaveText("1 key stops working within a day: rotate or extend now.");
    await expect(page.getByTestId("keys-expiring-1")).toHaveAttribute("role", "alert");
    await expect(page.getByTestId("keys-expiring-7")).toHaveText("1 key expires within 7 days.");
    await expect(page.getByTestId("keys-expiring-14")).toHaveText("1 key expires within 14 days.");
    const warningOf = (text: string) => custom.filter({ hasText: text }).getByTestId("api-key-warning");
    await expect(warningOf("Demo")).toHaveText("Expires within a day");
    await expect(warningOf("Partner")).toHaveText("Expires within 14 days");
    await expect(warningOf("expires in 3 days")).toHaveText("Expires within 7 days");
    await expect(page.getByTestId("default-key").getByTestId("api-key-warning")).toHaveCount(0);

    // Delete after confirming: the key stops working at once.
    const graced = custom.filter({ has: page.getByText("expires in 3 days") });
    await graced.getByTestId("delete-key").click();
    await page.getByTestId("delete-key-dialog").getByTestId("confirm").click();
    await expect(custom).toHaveCount(4);
    expect(await call(successorKey)).toBe(401);

    // More keys than one page: the newest 50 first, older ones on request, and the default key
    // (the project's first, so on the last page) still in its place.
    const token = await consoleToken(platform, owner);
    for (let n = 1; n <= 55; n++) {
      const made = await postJson(endpoint, token, { query: `mutation ($d: String) { createApiKey(input: { description: $d }) { id } }`, variables: { d: `Bulk ${n}` } });
      expect(made.errors).toBeUndefined();
    }
    await page.reload();
    await expect(custom).toHaveCount(50);
    await expect(page.getByTestId("custom-keys-toggle")).toHaveText("Custom API keys (50+)");
    await expect(page.getByTestId("default-key").getByTestId("api-key-row")).toHaveCount(1);
    await expect(page.getByTestId("default-key").getByTestId("api-key-description")).toHaveText("Default");
    await expect(custom.filter({ hasText: "Partner" })).toHaveCount(0);
    await page.getByTestId("more-keys").click();
    await expect(custom).toHaveCount(59);
    await expect(custom.filter({ hasText: "Partner" })).toHaveCount(1);
    await expect(page.getByTestId("more-keys")).toHaveCount(0);
    // A change on an older page shows at once, and the older page stays open.
    await custom.filter({ hasText: "Partner" }).getByTestId("delete-key").click();
    await page.getByTestId("delete-key-dialog").getByTestId("confirm").click();
    await expect(custom.filter({ hasText: "Partner" })).toHaveCount(0);
    await expect(custom).toHaveCount(58);

    // The danger zone: the name must be typed, then the workspace's dashboard without the project.
    await page.getByTestId("delete-project").click();
    await page.getByTestId("delete-project-name").fill("Shop");
    await page.getByTestId("confirm-delete-project").click();
    await expect(page.getByText("You need to enter the project name to confirm deletion.")).toBeVisible();
    await page.getByTestId("delete-project-name").fill("Storefront");
    await page.getByTestId("confirm-delete-project").click();
    await expect(page).toHaveURL(/\/org\/[^/]+\/apis$/);
    await expect(page.getByText("Storefront")).toHaveCount(0);
    expect(await call(successorKey)).not.toBe(200);
  });
});
