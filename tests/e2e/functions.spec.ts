import type { Page } from "@playwright/test";
import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test } from "./platform";
import { publishableModel } from "../server/publishing/models";
import { consoleToken } from "./consoleApi";
import { subscribed } from "./live";

/**
 * Cloud functions as triggers (spec §3 Resolver), through the console against a real server:
 * functions uploaded on the Cloud functions screen, attached to a table in the model editor,
 * made live by republishing, and seen at work through the data explorer.
 */
const SHOUT = `exports.handler = (event) => event.type === "create" ? { ...event.input, title: String(event.input.title).toUpperCase() } : null;`;
const GUARD = `exports.handler = (event) => {
  if (event.type === "create" && String(event.input.title).toLowerCase() === "forbidden") throw new Error("Forbidden titles are not allowed.");
};`;
const AUDIT = `exports.handler = (event) => { if (event.type === "create") console.log("created", event.result.title); return null; };`;

async function uploadFunction(page: Page, name: string, code: string) {
  await page.getByTestId("functions-upload").click();
  const dialog = page.getByTestId("function-upload-dialog");
  await dialog.getByTestId("function-file").setInputFiles({ name, mimeType: "text/javascript", buffer: Buffer.from(code) });
  await dialog.getByTestId("function-upload-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("function-row").filter({ hasText: name })).toHaveCount(1);
}

async function addTrigger(page: Page, name: string, functionKey: string, step: "before" | "after") {
  await page.getByTestId("add-trigger").click();
  const trigger = page.getByTestId("trigger").last();
  await trigger.getByTestId("trigger-name").fill(name);
  await trigger.getByTestId("trigger-function").fill(functionKey);
  await trigger.getByTestId("trigger-step").selectOption(step);
}

async function publish(page: Page, platform: PlatformProcess, apiId: string) {
  await page.goto(`${platform.url}/api-setup/${apiId}/overview`);
  await page.getByTestId("publish-submit").click();
  await expect(page.getByTestId("publish-step-deployResolvers")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
}

test.describe("cloud functions as triggers", () => {
  const owner = flaggedEmail("functions");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("a before trigger changes the input, another refuses it with its message, an after trigger sees the result; logs live; a draft replayed", async ({ page }) => {
    test.setTimeout(240_000);
    await signUpWithWorkspace(page, platform, owner, "Functions Co");
    const apiId = await createProject(page, "Shop");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(1)));
    await publish(page, platform, apiId);

    await page.goto(`${platform.url}/api/${apiId}/cloud-functions`);
    await uploadFunction(page, "shout.js", SHOUT);
    await uploadFunction(page, "guard.js", GUARD);
    await uploadFunction(page, "audit.js", AUDIT);

    // Triggers are a table's, in the model editor; they take effect on republish (spec §4).
    await page.goto(`${platform.url}/api/${apiId}/types#Item1`);
    await expect(page.getByTestId("type-editor")).toBeVisible();
    await page.getByTestId("type-tabs").getByRole("tab", { name: "Triggers" }).click();
    await addTrigger(page, "shout", "shout.js", "before");
    await addTrigger(page, "guard", "guard.js", "before");
    await addTrigger(page, "audit", "audit.js", "after");
    await page.getByTestId("model-save").click();
    await expect(page.getByTestId("model-save")).toHaveCount(0);
    await publish(page, platform, apiId);

    await page.goto(`${platform.url}/api/${apiId}/data#Item1`);
    await expect(page.getByTestId("grid-empty")).toHaveText("No entries.");
    await page.getByTestId("toolbar-add").click();
    await page.getByTestId("record-field-title").fill("quiet soup");
    await page.getByTestId("record-save").click();
    await expect(page.getByTestId("record-title")).toHaveText(/^Edit /);
    await expect(page.getByTestId("record-field-title")).toHaveValue("QUIET SOUP");
    await page.getByTestId("record-close").click();
    const rows = page.getByTestId("grid-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("cell-title")).toHaveText("QUIET SOUP");

    // The guard throws: its message reaches the explorer and nothing is written.
    await page.getByTestId("toolbar-add").click();
    await page.getByTestId("record-field-title").fill("forbidden");
    await page.getByTestId("record-save").click();
    await expect(page.getByTestId("record-error")).toHaveText("The trigger guard refused this: Forbidden titles are not allowed.");
    await page.getByTestId("record-cancel").click();
    await page.reload();
    await expect(rows).toHaveCount(1);

    // The Logs screen leads to a function's logs: its upload's activity links to them.
    await page.goto(`${platform.url}/api/${apiId}/logs?table=CloudFunction`);
    await expect(page.getByTestId("logs-function-logs")).toHaveAttribute("href", `/api/${apiId}/cloud-functions`);
    // Activities are newest first: audit.js was uploaded last. The logs subscribe once shown; the
    // call below waits for that, or its invocation could be told before the server knows the list.
    const hearingLogs = subscribed(page, "FunctionLogsSubscription");
    await page.getByTestId("activity-row").first().getByTestId("activity-function-logs").click();
    await expect(page).toHaveURL(new RegExp(`/api/${apiId}/cloud-functions\\?logs=`));
    // The after trigger ran once, on the one entry written, and saw what the before trigger made of it.
    const logs = page.getByTestId("function-logs");
    await expect(logs.getByRole("heading", { level: 2 })).toHaveText("Logs of audit.js");
    const logRows = logs.getByTestId("function-log-row");
    await expect(logRows).toHaveCount(1);
    await expect(logRows.first()).toContainText("Item1:after:create");
    await logRows.first().getByText("stdout / stderr").click();
    await expect(logRows.first().getByTestId("function-log-stdout")).toHaveText("created QUIET SOUP");

    // While the list is open, a new invocation appears at its top without a refresh.
    const functionUrl = (await logs.getByTestId("function-url").textContent())!;
    await hearingLogs;
    const called = await fetch(functionUrl, { method: "POST", headers: { "content-type": "application/json", authorization: await consoleToken(platform, owner) }, body: JSON.stringify({ type: "create", result: { title: "live" } }) });
    expect(called.status).toBe(200);
    await expect(logRows).toHaveCount(2);
    await expect(logRows.first()).toContainText("Function URL");

    // Replay: a draft of shout.js, chosen but not uploaded, against the two create events it ran on.
    await page.getByTestId("function-row").filter({ hasText: "shout.js" }).getByTestId("function-logs-toggle").click();
    await expect(logs.getByRole("heading", { level: 2 })).toHaveText("Logs of shout.js");
    const replay = page.getByTestId("function-replay");
    await replay.getByTestId("function-replay-file").setInputFiles({ name: "shout.js", mimeType: "text/javascript", buffer: Buffer.from(SHOUT.replace("toUpperCase", "toLowerCase")) });
    await replay.getByTestId("function-replay-submit").click();
    const replayed = replay.getByTestId("function-replay-row");
    await expect(replayed).toHaveCount(2);
    await expect(replayed.first()).toHaveAttribute("data-changed", "true");
    await expect(replayed.first().getByTestId("function-replay-live")).toContainText('"title":"FORBIDDEN"');
    await expect(replayed.first().getByTestId("function-replay-draft")).toContainText('"title":"forbidden"');
    await expect(replayed.first().getByTestId("function-replay-usage")).toContainText("of 2000 ms CPU");
  });
});
