import { readFile } from "node:fs/promises";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test } from "./platform";
import { consoleToken, postJson } from "./consoleApi";
import { publishableModel } from "../server/publishing/models";
import { subscribed } from "./live";

/**
 * The Logs screen: activities and publish runs update live after a change and a
 * republish, the filter stays in the URL across a reload, the export, and the revert of a MODIFY.
 */
test.describe("project logs", () => {
  const owner = flaggedEmail("logs");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("activities and runs update live, the filter survives a reload, export and revert work", async ({ page }) => {
    test.setTimeout(240_000);
    await signUpWithWorkspace(page, platform, owner, "Logs Co");
    const apiId = await createProject(page, "Shop");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
    await page.getByTestId("publish-submit").click();
    await expect(page.getByTestId("publish-live")).toContainText(`/p/${apiId}/graphql`);

    const token = await consoleToken(platform, owner);
    const project = (query: string, variables: Record<string, unknown>) => postJson(`${platform.url}/p/${apiId}/graphql`, token, { query, variables });
    const created = await project(`mutation ($fields: String) { createType(ofType: "Item1", fields: $fields) { id } }`, { fields: JSON.stringify({ title: "Lamp", price: 5 }) });
    const itemId = created.data.createType.id as string;

    const listening = subscribed(page, "ActivitiesPanelSubscription");
    await page.goto(`${platform.url}/api/${apiId}/logs`);
    const rows = page.getByTestId("activity-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("INSERT");
    await expect(rows.first().getByTestId("activity-entry")).toHaveText(itemId);

    // A change made elsewhere appears without a reload, with what it changed.
    await listening;
    await project(`mutation ($id: ID!, $fields: String) { updateType(id: $id, ofType: "Item1", fields: $fields) { id } }`, { id: itemId, fields: JSON.stringify({ title: "Desk lamp" }) });
    await expect(rows).toHaveCount(2);
    const modify = rows.first();
    await expect(modify).toHaveAttribute("data-event", "MODIFY");
    await expect(modify.getByTestId("activity-changes")).toContainText('title"Lamp" → "Desk lamp"');

    // Revert writes a new MODIFY through the normal update path.
    await modify.getByTestId("activity-revert").click();
    await expect(rows).toHaveCount(3);
    await expect(rows.first().getByTestId("activity-changes")).toContainText('title"Desk lamp" → "Lamp"');
    const read = await project(`query ($id: ID!) { getItem1(id: $id) { title } }`, { id: itemId });
    expect(read.data.getItem1.title).toBe("Lamp");

    // The filter is in the URL and survives a reload.
    await page.getByTestId("logs-filter-event").selectOption("MODIFY");
    await expect(page).toHaveURL(/event=MODIFY/);
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(page.getByTestId("logs-filter-event")).toHaveValue("MODIFY");
    await expect(rows).toHaveCount(2);

    // The export holds the filtered activities.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("logs-export").click()]);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("createdAt,eventName,recordType,recordId,changes");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(`,MODIFY,Item1,${itemId},`))).toBe(true);

    // Publish runs: a republish appears and finishes without a reload.
    const hearingRuns = subscribed(page, "PublishRunsPanelSubscription");
    await page.getByRole("tab", { name: "Publish runs" }).click();
    await expect(page.getByTestId("logs-run-1").getByTestId("logs-run-status")).toHaveText("Succeeded");
    await expect(page.getByTestId("logs-republish-1")).toBeVisible();
    await hearingRuns;
    const republished = await postJson(`${platform.url}/graphql`, token, {
      query: `mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`,
      variables: { input: { apiId, republishVersion: 1, confirmation: "republish" } },
    });
    expect(republished.errors).toBeUndefined();
    await expect(page.getByTestId("logs-run-2")).toBeVisible();
    await expect(page.getByTestId("logs-run-2").getByTestId("logs-run-status")).toHaveText("Succeeded", { timeout: 60_000 });
  });
});
