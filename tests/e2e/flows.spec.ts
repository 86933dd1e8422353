import { createProject, expect, flaggedEmail, type PlatformProcess, saveDeclaration, signUpWithWorkspace, test } from "./platform";
import { publishableModel } from "../server/publishing/models";
import { consoleToken, postJson } from "./consoleApi";
import { subscribed } from "./live";

/**
 * Spec §2 Flows list and Flow editor through the console: a flow added from the list, built on
 * the canvas with the keyboard and the side panel (a 'run now' trigger and a step that creates an
 * entry), saved, run, and its run and step log seen under the flow; then, live without Refresh,
 * a webhook called with fetch, a failing step fixed in the panel and resumed, a flow that
 * triggers itself stopped by its limit, and 'when an Order is created, create an Invoice and
 * send an email' built in the editor and triggered through the project endpoint (Item2 is the
 * order, Item3 the invoice).
 */
test.describe("Flows", () => {
  // Flows and the JSON declaration screen are behind a feature flag.
  const owner = flaggedEmail("flows");
  let platform: PlatformProcess;
  test.beforeAll(({ workerPlatform }) => {
    platform = workerPlatform;
  });

  test("builds a two-node flow in the editor, saves it, runs it and sees the run", async ({ page }) => {
    test.setTimeout(180_000);
    await signUpWithWorkspace(page, platform, owner, "Flows Co");
    const apiId = await createProject(page, "Shop");
    await saveDeclaration(page, platform, apiId, JSON.stringify(publishableModel(3)));
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

    // The next flows are made through the console's API, and watched in the editor.
    const token = await consoleToken(platform, owner);
    const createFlow = async (name: string, schema: object) => {
      const created = await postJson(`${platform.url}/graphql`, token, { query: `mutation ($input: CreateFlowInput!) { createFlow(input: $input) { id webhookUrl } }`, variables: { input: { apiId, name, schema: JSON.stringify(schema) } } });
      expect(created.errors).toBeUndefined();
      return created.data.createFlow as { id: string; webhookUrl: string };
    };
    // The editor hears its flow's runs before anything runs: a run told before the server knows
    // the subscription would reach nobody.
    const openEditor = async (flowId: string) => {
      const listening = subscribed(page, "RunsPanelSubscription");
      await page.goto(`${platform.url}/api/${apiId}/flows/${flowId}/editor`);
      await expect(page.getByTestId("flow-runs")).toBeVisible();
      await expect(page.getByTestId("flow-runs-empty")).toBeVisible();
      await listening;
    };

    // A webhook called with fetch: its run appears live.
    const secret = "e2e-webhook-secret-0123";
    const hook = await createFlow("Incoming", {
      triggers: [{ id: "hook", name: "Incoming call", variant: "webhook", secret }],
      steps: [{ id: "save", name: "Save call", variant: "createEntry", table: "Item1", fields: { title: "{{trigger.body.title}}" } }],
      startStep: "save",
    });
    await openEditor(hook.id);
    const called = await fetch(hook.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "x-flow-secret": secret }, body: JSON.stringify({ title: "From a webhook" }) });
    expect(called.status).toBe(202);
    await expect(page.getByTestId("flow-run").first().getByTestId("flow-run-status")).toHaveText("Succeeded", { timeout: 20_000 });

    // A failing step, fixed in its panel, and the run resumed from it.
    const fragile = await createFlow("Fragile", {
      triggers: [{ id: "now", name: "By hand", variant: "manual" }],
      steps: [
        { id: "make", name: "Make item", variant: "createEntry", table: "Item1", fields: { title: "Resumed" }, next: "price", position: { x: 320, y: 0 } },
        { id: "price", name: "Set price", variant: "updateEntry", table: "Item1", entryId: "no-such-entry", fields: { price: "3" }, position: { x: 320, y: 160 } },
      ],
      startStep: "make",
    });
    await openEditor(fragile.id);
    await page.getByTestId("flow-run-now").click();
    const failed = page.getByTestId("flow-run").first();
    await expect(failed.getByTestId("flow-run-status")).toHaveText("Failed", { timeout: 20_000 });
    await expect(failed).toContainText("Set price");
    await page.getByTestId("flow-node-price").click();
    await page.getByLabel("Entry id", { exact: true }).fill("{{steps.make.output.id}}");
    await page.getByTestId("flow-save").click();
    await expect(page.getByTestId("flow-save")).toBeDisabled();
    await failed.getByTestId("flow-run-resume").click();
    await expect(failed.getByTestId("flow-run-status")).toHaveText("Succeeded", { timeout: 20_000 });
    await failed.getByRole("button").first().click();
    await expect(failed.getByTestId("flow-run-log")).toHaveCount(3);

    // A flow that triggers itself: its chain ends at the limit, and the run says which.
    const echo = await createFlow("Echo", {
      triggers: [{ id: "made", name: "Item made", variant: "data", table: "Item1", changes: ["create"] }],
      steps: [{ id: "again", name: "Make another", variant: "createEntry", table: "Item1", fields: { title: "echo" } }],
      startStep: "again",
    });
    await openEditor(echo.id);
    const seeded = await postJson(`${platform.url}/p/${apiId}/graphql`, token, { query: `mutation { createType(ofType: "Item1", fields: "{\\"title\\":\\"seed\\"}") { id } }` });
    expect(seeded.errors).toBeUndefined();
    const limited = page.getByTestId("flow-run").filter({ hasText: "Stopped by limit" });
    await expect(limited).toHaveCount(1, { timeout: 30_000 });
    await expect(limited).toContainText("flowChainDepth");

    // When an order is created, create an invoice and send an email: built in the editor.
    await page.goto(`${platform.url}/api/${apiId}/flows`);
    await page.getByTestId("flows-add").click();
    await page.getByTestId("flow-name").fill("Order to invoice");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("flow-editor")).toBeVisible();
    await page.getByTestId("flow-add-trigger").click();
    await page.getByLabel("Trigger name").fill("Order placed");
    await page.getByLabel("Starts when").selectOption("data");
    await page.getByTestId("trigger-panel").getByLabel("Table").selectOption("Item2");
    await page.getByTestId("flow-add-step").click();
    await page.getByLabel("Step name").fill("Write invoice");
    await page.getByLabel("Action").selectOption("createEntry");
    await page.getByTestId("step-panel").getByLabel("Table").selectOption("Item3");
    await page.getByLabel("Field values").fill("title = Invoice for {{trigger.entry.title}}");
    // Added while the first step is selected, so it runs after it.
    await page.getByTestId("flow-add-step").click();
    await page.getByLabel("Step name").fill("Mail the owner");
    await page.getByLabel("Action").selectOption("sendEmail");
    await page.getByLabel("To", { exact: true }).fill(owner);
    await page.getByLabel("Subject").fill("New order {{trigger.entry.title}}");
    await page.getByLabel("Message").fill("Invoice {{steps.step1.output.id}} is written.");
    await expect(page.getByTestId("flow-node-problems")).toHaveCount(0);
    await page.getByTestId("flow-save").click();
    await expect(page.getByTestId("flow-save")).toBeDisabled();
    await expect(page.getByTestId("flow-runs-empty")).toBeVisible();

    // What the editor saved: the data trigger on Item2 (a failure here is the editor's, not the run's).
    const flowId = new URL(page.url()).pathname.split("/")[4];
    const saved = await postJson(`${platform.url}/graphql`, token, { query: `query ($id: ID!) { flow(id: $id) { schema } }`, variables: { id: flowId } });
    expect(JSON.parse(saved.data.flow.schema).triggers).toEqual([expect.objectContaining({ variant: "data", table: "Item2", changes: expect.arrayContaining(["create"]) })]);

    const order = await postJson(`${platform.url}/p/${apiId}/graphql`, token, { query: `mutation { createType(ofType: "Item2", fields: "{\\"title\\":\\"Order 7\\"}") { id } }` });
    expect(order.errors).toBeUndefined();
    // The run exists once the write does (a failure here: no run started; after it: the live list).
    const runs = await postJson(`${platform.url}/graphql`, token, { query: `query ($id: ID!) { flowRunsByFlow(flowId: $id) { items { id } } }`, variables: { id: flowId } });
    expect(runs.data.flowRunsByFlow.items).toHaveLength(1);
    const orderRun = page.getByTestId("flow-run").first();
    await expect(orderRun.getByTestId("flow-run-status")).toHaveText("Succeeded", { timeout: 20_000 });
    await orderRun.getByRole("button").first().click();
    await expect(orderRun.getByTestId("flow-run-log")).toHaveCount(2);
    await expect(orderRun).toContainText("Mail the owner");
    await expect.poll(async () => (await platform.mailsTo(owner)).some((mail) => mail.subject.includes("New order Order 7"))).toBe(true);
    const invoices = await postJson(`${platform.url}/p/${apiId}/graphql`, token, { query: `{ listItem3 { items { title } } }` });
    expect(invoices.data?.listItem3.items).toEqual([{ title: "Invoice for Order 7" }]);
  });
});
