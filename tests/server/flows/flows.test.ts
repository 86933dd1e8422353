// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addField, addObjectType, initialModel, renameObjectType, type FieldPatch, type SchemaModel } from "../../../src/domain/model";
import type { FlowSchema } from "../../../src/domain/flows/types";
import { GENEROUS_LIMITS } from "../limits";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";
import { uniqueEmail } from "../harness";
import { startEchoServer, type EchoServer } from "./echoServer";

/**
 * Automation flows through the platform's GraphQL and the project endpoint: §5's refusals, rights,
 * a data trigger whose run creates an entry and sends a mail, the webhook's secret, the limit
 * that stops a flow triggering itself, and a failing step that fails only its run.
 */
const field = (name: string, type: FieldPatch["type"]): FieldPatch => ({ name, type, directives: [] });

function shopModel(): SchemaModel {
  const initial = initialModel();
  let model = renameObjectType(initial, initial.objectTypes[0].id, "Order");
  const orderId = model.objectTypes[0].id;
  for (const patch of [field("customer", "String"), field("email", "Email"), field("total", "Float")]) model = addField(model, orderId, patch).model;
  const invoice = addObjectType(model, "Invoice");
  model = invoice.model;
  for (const patch of [field("orderRef", "String"), field("amount", "Float")]) model = addField(model, invoice.id, patch).model;
  return model;
}

let p: LiveProject;
let echo: EchoServer;
const FLOW = `id name apiId schema webhookUrl viewerCanEdit viewerCanDelete`;

beforeAll(async () => {
  const model = shopModel();
  // The HTTP step's targets in these tests are on loopback; flowsHttpGuard.test.ts attacks the guard that refuses them by default.
  p = await liveProject(model, { LIMITS: `${GENEROUS_LIMITS},flowChainDepth=3,flowLoopIterations=5,flowHttpMaxBytes=4096,flowRetryBaseMs=20`, FLOWS_ALLOW_PRIVATE_ADDRESSES: "1" });
  const saved = await gql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: p.apiId, schema: JSON.stringify(model) } });
  expect(saved.errors).toBeUndefined();
  echo = await startEchoServer();
}, 60_000);
afterAll(async () => {
  await echo?.close();
  await p?.t.close();
});

const gql = (query: string, variables: Record<string, unknown> = {}, token = p.owner.token) => p.t.graphql(query, variables, token);
const createFlow = (name: string, schema?: FlowSchema, token?: string) =>
  gql(`mutation ($input: CreateFlowInput!) { createFlow(input: $input) { ${FLOW} } }`, { input: { apiId: p.apiId, name, ...(schema ? { schema: JSON.stringify(schema) } : {}) } }, token);
const updateFlow = (id: string, changes: { name?: string; schema?: FlowSchema }) =>
  gql(`mutation ($input: UpdateFlowInput!) { updateFlow(input: $input) { ${FLOW} } }`, { input: { id, ...changes, ...(changes.schema ? { schema: JSON.stringify(changes.schema) } : {}) } });

type Run = { id: string; status: string; error: string | null; trigger: string };
const runsOf = async (flowId: string): Promise<Run[]> => (await gql(`query ($id: ID!) { flowRunsByFlow(flowId: $id, limit: 50) { items { id status error trigger } } }`, { id: flowId })).data.flowRunsByFlow.items;
const logsOf = async (runId: string) =>
  (await gql(`query ($id: ID!) { flowRunLogsByRun(flowRunId: $id) { items { content } } }`, { id: runId })).data.flowRunLogsByRun.items.map((item: { content: string }) => JSON.parse(item.content));

/** Waits until the flow has `count` runs that have all ended. */
async function finishedRuns(flowId: string, count = 1): Promise<Run[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const runs = await runsOf(flowId);
    const ended = runs.filter((run) => ["SUCCEEDED", "FAILED", "LIMITED"].includes(run.status));
    if ((ended.length >= count && ended.length === runs.length) || Date.now() > deadline) return runs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const createOrder = (fields: Record<string, unknown>) =>
  p.call(`mutation ($fields: String) { createType(ofType: "Order", fields: $fields) { id } }`, { fields: JSON.stringify(fields) });

describe("flow validation (spec §5)", () => {
  it("refuses a name shorter than 3 or longer than 255 characters, and creates nothing", async () => {
    const short = await createFlow("ab");
    expect(short.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_flow_name_min_length" });
    const long = await createFlow("x".repeat(256));
    expect(long.errors?.[0].extensions).toMatchObject({ messageId: "error_flow_name_max_length" });
    const list = await gql(`query ($apiId: ID!) { flowsByApi(apiId: $apiId) { items { name } } }`, { apiId: p.apiId });
    expect(list.data.flowsByApi.items.map((flow: { name: string }) => flow.name)).not.toContain("ab");
  });

  it("a new flow starts with empty triggers, empty steps and no start step (spec §4)", async () => {
    const created = await createFlow("Empty flow");
    expect(created.errors).toBeUndefined();
    expect(JSON.parse(created.data.createFlow.schema)).toEqual({ triggers: [], steps: [], startStep: null });
  });

  it("refuses triggers and actions that break §5, naming the trigger or step", async () => {
    const flow = (await createFlow("Rules")).data.createFlow;
    const cases: [FlowSchema, string, Record<string, string>][] = [
      [{ triggers: [{ id: "t1", name: "ab", variant: "data", table: "Order", changes: ["create"] }], steps: [], startStep: null }, "error_flow_trigger_name_min_length", { triggerId: "t1" }],
      [{ triggers: [{ id: "t1", name: "On order", variant: "" }], steps: [], startStep: null }, "error_flow_trigger_variant_required", { triggerId: "t1" }],
      [{ triggers: [{ id: "t1", name: "On order", variant: "data", changes: ["create"] }], steps: [], startStep: null }, "error_flow_trigger_table_required", { triggerId: "t1" }],
      [{ triggers: [{ id: "t1", name: "On order", variant: "data", table: "Order", changes: [] }], steps: [], startStep: null }, "error_flow_trigger_changes_required", { triggerId: "t1" }],
      [{ triggers: [], steps: [{ id: "s1", variant: "" }], startStep: "s1" }, "error_flow_step_variant_required", { stepId: "s1" }],
      [{ triggers: [], steps: [{ id: "s1", variant: "createEntry" }], startStep: "s1" }, "error_flow_step_table_required", { stepId: "s1" }],
      [{ triggers: [], steps: [{ id: "s1", variant: "createEntry", table: "Nope" }], startStep: "s1" }, "error_flow_table_unknown", { stepId: "s1" }],
      [{ triggers: [], steps: [{ id: "s1", variant: "sendEmail", subject: "Hi" }], startStep: "s1" }, "error_flow_step_field_required", { stepId: "s1", field: "to" }],
      [{ triggers: [], steps: [{ id: "s1", variant: "delay", seconds: 1, next: "gone" }], startStep: "s1" }, "error_flow_step_unknown", { stepId: "s1" }],
      [{ triggers: [{ id: "t1", name: "Nightly", variant: "schedule", cron: "not a cron" }], steps: [], startStep: null }, "error_flow_trigger_cron_invalid", { triggerId: "t1" }],
    ];
    for (const [schema, messageId, where] of cases) {
      const refused = await updateFlow(flow.id, { schema });
      expect(refused.errors?.[0].extensions, messageId).toMatchObject({ code: "BAD_USER_INPUT", messageId, ...where });
    }
    const unknownKey = await gql(`mutation ($input: UpdateFlowInput!) { updateFlow(input: $input) { id } }`, { input: { id: flow.id, schema: JSON.stringify({ triggers: [], steps: [], startStep: null, evil: 1 }) } });
    expect(unknownKey.errors?.[0].extensions).toMatchObject({ messageId: "error_flow_invalid" });
    // Nothing of it was saved.
    const read = await gql(`query ($id: ID!) { flow(id: $id) { schema } }`, { id: flow.id });
    expect(JSON.parse(read.data.flow.schema)).toEqual({ triggers: [], steps: [], startStep: null });
  });
});

describe("flow rights", () => {
  it("a member of another workspace can neither list, read, change, run nor delete the project's flows", async () => {
    const flow = (await createFlow("Private flow")).data.createFlow;
    const stranger = await p.t.signUp(uniqueEmail("stranger"));
    const list = await gql(`query ($apiId: ID!) { flowsByApi(apiId: $apiId) { items { id } } }`, { apiId: p.apiId }, stranger.token);
    expect(list.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    expect((await gql(`query ($id: ID!) { flow(id: $id) { id } }`, { id: flow.id }, stranger.token)).data.flow).toBeNull();
    const created = await createFlow("Intruder", undefined, stranger.token);
    expect(created.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    const renamed = await gql(`mutation ($input: UpdateFlowInput!) { updateFlow(input: $input) { id } }`, { input: { id: flow.id, name: "Taken" } }, stranger.token);
    expect(renamed.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    const run = await gql(`mutation ($input: RunFlowInput!) { runFlow(input: $input) { id } }`, { input: { id: flow.id } }, stranger.token);
    expect(run.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    const deleted = await gql(`mutation ($input: DeleteFlowInput!) { deleteFlow(input: $input) { id } }`, { input: { id: flow.id } }, stranger.token);
    expect(deleted.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });
    const still = await gql(`query ($id: ID!) { flow(id: $id) { name viewerCanEdit viewerCanDelete } }`, { id: flow.id });
    expect(still.data.flow).toEqual({ name: "Private flow", viewerCanEdit: true, viewerCanDelete: true });
  });

  it("lists 10 per page, last updated first, with nextToken; the owner deletes", async () => {
    for (let i = 0; i < 11; i += 1) await createFlow(`Paged ${String(i).padStart(2, "0")}`);
    const first = await gql(`query ($apiId: ID!) { flowsByApi(apiId: $apiId) { items { id name } nextToken } }`, { apiId: p.apiId });
    expect(first.data.flowsByApi.items).toHaveLength(10);
    expect(first.data.flowsByApi.items[0].name).toBe("Paged 10");
    const second = await gql(`query ($apiId: ID!, $next: String) { flowsByApi(apiId: $apiId, nextToken: $next) { items { id name } nextToken } }`, { apiId: p.apiId, next: first.data.flowsByApi.nextToken });
    const ids = new Set([...first.data.flowsByApi.items, ...second.data.flowsByApi.items].map((flow: { id: string }) => flow.id));
    expect(ids.size).toBe(first.data.flowsByApi.items.length + second.data.flowsByApi.items.length);
    const gone = await gql(`mutation ($input: DeleteFlowInput!) { deleteFlow(input: $input) { name } }`, { input: { id: first.data.flowsByApi.items[0].id } });
    expect(gone.data.deleteFlow.name).toBe("Paged 10");
  });
});

describe("flow runs", () => {
  it("an Order created on the project endpoint runs the flow: it creates an Invoice and sends a mail", async () => {
    const customer = uniqueEmail("customer");
    const schema: FlowSchema = {
      triggers: [{ id: "t1", name: "Order created", variant: "data", table: "Order", changes: ["create"] }],
      steps: [
        { id: "invoice", name: "Create invoice", variant: "createEntry", table: "Invoice", fields: { orderRef: "{{trigger.entry.id}}", amount: "{{trigger.entry.total}}" }, next: "mail" },
        { id: "mail", name: "Mail customer", variant: "sendEmail", to: "{{trigger.entry.email}}", subject: "Invoice for {{trigger.entry.customer}}", body: "Invoice {{steps.invoice.output.id}} over {{steps.invoice.output.amount}}", next: null },
      ],
      startStep: "invoice",
    };
    const flow = (await createFlow("Invoice orders", schema)).data.createFlow;
    const order = await createOrder({ customer: "Ada", email: customer, total: 42.5 });
    expect(order.errors).toBeUndefined();
    const [run] = await finishedRuns(flow.id);
    expect(run).toMatchObject({ status: "SUCCEEDED", error: null });
    const invoices = await p.call(`{ listTypes(ofType: "Invoice", limit: 10) { items { id fields } } }`);
    const invoice = invoices.data.listTypes.items.map((item: { id: string; fields: string }) => ({ id: item.id, ...JSON.parse(item.fields) })).find((item: { orderRef: string }) => item.orderRef === order.data.createType.id);
    expect(invoice).toMatchObject({ amount: 42.5 });
    const [mail] = await p.t.awaitMailsTo(customer);
    expect(mail.subject).toBe("Invoice for Ada");
    expect(mail.text).toContain(`Invoice ${invoice.id} over 42.5`);
    const logs = await logsOf(run.id);
    expect(logs.map((log: { step: string }) => log.step)).toEqual(["invoice", "mail"]);
    expect(logs[0]).toMatchObject({ output: { id: invoice.id }, input: { ofType: "Invoice" } });
    expect(typeof logs[0].durationMs).toBe("number");
  });

  it("a webhook with a wrong secret is refused and starts nothing; the right one starts a run", async () => {
    const secret = "s3cret-s3cret-s3cret";
    const flow = (await createFlow("Hook", { triggers: [{ id: "hook", name: "Incoming", variant: "webhook", secret }], steps: [{ id: "wait", variant: "condition", left: "{{trigger.body.ok}}", operator: "equals", right: "true" }], startStep: "wait" })).data.createFlow;
    expect(flow.webhookUrl).toBe(`${p.t.url}/p/${p.apiId}/flows/${flow.id}/webhook`);
    const post = (headers: Record<string, string>) => fetch(flow.webhookUrl, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ ok: true }) });
    const wrong = await post({ "x-flow-secret": "s3cret-s3cret-s3creX" });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as any).errors[0].extensions.messageId).toBe("error_flow_webhook_secret");
    expect((await post({})).status).toBe(401);
    expect(await runsOf(flow.id)).toEqual([]);
    const right = await post({ "x-flow-secret": secret });
    expect(right.status).toBe(202);
    const [run] = await finishedRuns(flow.id);
    expect(run.status).toBe("SUCCEEDED");
    expect((await logsOf(run.id))[0].output).toEqual({ passed: true });
  });

  it("a flow whose step writes to the table it watches is stopped by flowChainDepth, and the run says so", async () => {
    const flow = (await createFlow("Echo", {
      triggers: [{ id: "t1", name: "Invoice made", variant: "data", table: "Invoice", changes: ["create"] }],
      steps: [{ id: "again", variant: "createEntry", table: "Invoice", fields: { orderRef: "echo" } }],
      startStep: "again",
    })).data.createFlow;
    await p.call(`mutation { createType(ofType: "Invoice", fields: "{\\"orderRef\\":\\"seed\\"}") { id } }`);
    // Depth 0 (the seed's run) to 3 run; the run at depth 4 is stopped.
    const runs = await finishedRuns(flow.id, 5);
    expect(runs).toHaveLength(5);
    const limited = runs.filter((run) => run.status === "LIMITED");
    expect(limited).toHaveLength(1);
    expect(limited[0].error).toContain("flowChainDepth");
    expect(runs.filter((run) => run.status === "SUCCEEDED")).toHaveLength(4);
    // Nothing more comes: the chain ended.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await runsOf(flow.id)).toHaveLength(5);
  });

  it("a failing step fails its run only: the steps before it stay done, other runs and the endpoint go on", async () => {
    const flow = (await createFlow("Fragile", {
      triggers: [{ id: "now", name: "Run now", variant: "manual" }],
      steps: [
        { id: "ok", variant: "createEntry", table: "Invoice", fields: { orderRef: "{{trigger.input.ref}}", amount: "7.25" }, next: "bad" },
        { id: "bad", variant: "updateEntry", table: "Invoice", entryId: "no-such-entry", fields: { amount: "1" } },
      ],
      startStep: "ok",
    })).data.createFlow;
    const started = await gql(`mutation ($input: RunFlowInput!) { runFlow(input: $input) { id status } }`, { input: { id: flow.id, input: JSON.stringify({ ref: "fragile" }) } });
    expect(started.data.runFlow.status).toBe("QUEUED");
    const [run] = await finishedRuns(flow.id);
    expect(run.status).toBe("FAILED");
    expect(run.error).toContain("bad");
    const logs = await logsOf(run.id);
    expect(logs.map((log: { step: string; error?: string }) => [log.step, !!log.error])).toEqual([["ok", false], ["bad", true]]);
    // The endpoint and other flows are untouched.
    const order = await createOrder({ customer: "Grace", email: uniqueEmail("grace"), total: 1 });
    expect(order.errors).toBeUndefined();
  });

  it("a schedule fires on its own: the scheduler starts a run once the time is due, and sets the next", async () => {
    const flow = (await createFlow("Every second", { triggers: [{ id: "tick", name: "Each second", variant: "schedule", cron: "* * * * * *", timeZone: "Europe/Berlin" }], steps: [{ id: "check", variant: "condition", left: "{{trigger.kind}}", operator: "equals", right: "schedule" }], startStep: "check" })).data.createFlow;
    const [run] = await finishedRuns(flow.id);
    expect(run.status).toBe("SUCCEEDED");
    expect(JSON.parse(run.trigger)).toMatchObject({ kind: "schedule", triggerId: "tick" });
    expect((await logsOf(run.id))[0].output).toEqual({ passed: true });
    // Stop it, so it does not keep firing while the other tests run.
    await updateFlow(flow.id, { schema: { triggers: [], steps: [], startStep: null } });
  });
});

const runNow = async (flowId: string, input: unknown) => {
  const started = await gql(`mutation ($input: RunFlowInput!) { runFlow(input: $input) { id status } }`, { input: { id: flowId, input: JSON.stringify(input) } });
  expect(started.errors).toBeUndefined();
  return started.data.runFlow.id as string;
};
const invoicesWith = async (prefix: string) =>
  (await p.call(`{ listTypes(ofType: "Invoice", limit: 100) { items { fields } } }`)).data.listTypes.items
    .map((item: { fields: string }) => JSON.parse(item.fields) as { orderRef: string; amount: number })
    .filter((invoice: { orderRef: string }) => invoice.orderRef?.startsWith(prefix));

describe("HTTP request and loop steps", () => {
  it("an HTTP request sends method, headers and body with values from the trigger; a later step reads its answer; credentials stay out of the log", async () => {
    const flow = (await createFlow("Call out", {
      triggers: [{ id: "now", name: "Run now", variant: "manual" }],
      steps: [
        { id: "call", variant: "httpRequest", method: "POST", url: `${echo.url}/orders?ref={{trigger.input.ref}}`, headers: { authorization: "Bearer {{trigger.input.token}}", "x-ref": "{{trigger.input.ref}}" }, body: '{"n": {{trigger.input.n}}}', next: "save" },
        { id: "save", variant: "createEntry", table: "Invoice", fields: { orderRef: "http-{{steps.call.output.body.query.ref}}", amount: "{{steps.call.output.body.body.n}}" } },
      ],
      startStep: "call",
    })).data.createFlow;
    await runNow(flow.id, { ref: "r1", token: "t0ken", n: 12.5 });
    const [run] = await finishedRuns(flow.id);
    expect(run).toMatchObject({ status: "SUCCEEDED", error: null });
    expect(echo.requests.at(-1)).toMatchObject({ method: "POST", path: "/orders?ref=r1", headers: { authorization: "Bearer t0ken", "x-ref": "r1", "content-type": "application/json" }, body: '{"n": 12.5}' });
    expect(await invoicesWith("http-")).toEqual([{ orderRef: "http-r1", amount: 12.5 }]);
    const [call] = await logsOf(run.id);
    expect(call.input.headers).toEqual({ authorization: "(hidden)", "x-ref": "r1" });
    expect(call.output).toMatchObject({ status: 200, body: { method: "POST" } });
  });

  it("an answer of 400 and up, or one larger than flowHttpMaxBytes, fails the step and its run", async () => {
    const flow = (await createFlow("Bad answers", {
      triggers: [{ id: "now", name: "Run now", variant: "manual" }],
      steps: [{ id: "call", variant: "httpRequest", method: "GET", url: `${echo.url}/{{trigger.input.path}}` }],
      startStep: "call",
    })).data.createFlow;
    await runNow(flow.id, { path: "status/503" });
    await runNow(flow.id, { path: "big" });
    const runs = await finishedRuns(flow.id, 2);
    expect(runs.map((run) => run.status)).toEqual(["FAILED", "FAILED"]);
    expect(runs.find((run) => run.error?.includes("/status/503"))?.error).toContain("answered 503");
    expect(runs.find((run) => run.error?.includes("/big"))?.error).toContain("more than 4096 bytes");
  });

  it("an HTTP step with retries tries a failing service again after a back-off: the run succeeds with each attempt logged; without retries it fails", async () => {
    const schemaFor = (key: string, retries: number): FlowSchema => ({
      triggers: [{ id: "now", name: "Run now", variant: "manual" }],
      steps: [{ id: "call", variant: "httpRequest", method: "GET", url: `${echo.url}/flaky/${key}`, retries }],
      startStep: "call",
    });
    const patient = (await createFlow("Patient caller", schemaFor("patient", 3))).data.createFlow;
    await runNow(patient.id, {});
    const [run] = await finishedRuns(patient.id);
    expect(run).toMatchObject({ status: "SUCCEEDED", error: null });
    const logs = await logsOf(run.id);
    expect(logs.map((log: { attempt?: number; error?: string; retryInMs?: number }) => [log.attempt, !!log.error, log.retryInMs])).toEqual([
      [1, true, 20],
      [2, true, 40],
      [3, false, undefined],
    ]);
    expect(logs[0].error).toContain("answered 503");
    expect(logs[2].output).toMatchObject({ status: 200 });

    const hasty = (await createFlow("Hasty caller", schemaFor("hasty", 0))).data.createFlow;
    await runNow(hasty.id, {});
    const [failed] = await finishedRuns(hasty.id);
    expect(failed.status).toBe("FAILED");
    expect(failed.error).toContain("answered 503");
    expect(await logsOf(failed.id)).toHaveLength(1);
  });

  it("refuses retries on a step that writes entries (a second create could write twice) and more than 5 retries", async () => {
    const flow = (await createFlow("Retry rules")).data.createFlow;
    const onCreate = await updateFlow(flow.id, { schema: { triggers: [], steps: [{ id: "s1", variant: "createEntry", table: "Invoice", fields: {}, retries: 2 }], startStep: "s1" } });
    expect(onCreate.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_flow_step_retries_not_allowed", stepId: "s1", field: "retries" });
    const tooMany = await updateFlow(flow.id, { schema: { triggers: [], steps: [{ id: "s1", variant: "httpRequest", url: "https://example.com", retries: 6 }], startStep: "s1" } });
    expect(tooMany.errors?.[0].extensions).toMatchObject({ messageId: "error_flow_invalid" });
  });

  it("a loop runs its step once per item of a list from the trigger, with the item and its index", async () => {
    const flow = (await createFlow("Each line", {
      triggers: [{ id: "now", name: "Run now", variant: "manual" }],
      steps: [
        { id: "each", variant: "loop", items: "{{trigger.input.lines}}", loopStep: "line", next: "after" },
        { id: "line", variant: "createEntry", table: "Invoice", fields: { orderRef: "line-{{loop.index}}-{{loop.item.ref}}", amount: "{{loop.item.amount}}" } },
        { id: "after", variant: "condition", left: "{{steps.each.output.count}}", operator: "equals", right: "3" },
      ],
      startStep: "each",
    })).data.createFlow;
    await runNow(flow.id, { lines: [{ ref: "a", amount: 1 }, { ref: "b", amount: 2 }, { ref: "c", amount: 3 }] });
    const [run] = await finishedRuns(flow.id);
    expect(run).toMatchObject({ status: "SUCCEEDED" });
    expect((await invoicesWith("line-")).sort((x: { amount: number }, y: { amount: number }) => x.amount - y.amount)).toEqual([
      { orderRef: "line-0-a", amount: 1 },
      { orderRef: "line-1-b", amount: 2 },
      { orderRef: "line-2-c", amount: 3 },
    ]);
    const logs = await logsOf(run.id);
    expect(logs.map((log: { step: string }) => log.step)).toEqual(["each", "after"]);
    expect(logs[0].output.count).toBe(3);
    expect(logs[1].output).toEqual({ passed: true });
  });

  it("a list longer than flowLoopIterations stops the run at the loop before any item, and the run says which limit", async () => {
    const flow = (await createFlow("Too many lines", {
      triggers: [{ id: "now", name: "Run now", variant: "manual" }],
      steps: [
        { id: "each", name: "Each line", variant: "loop", items: "{{trigger.input.lines}}", loopStep: "line" },
        { id: "line", variant: "createEntry", table: "Invoice", fields: { orderRef: "many-{{loop.index}}" } },
      ],
      startStep: "each",
    })).data.createFlow;
    await runNow(flow.id, { lines: [1, 2, 3, 4, 5, 6] });
    const [run] = await finishedRuns(flow.id);
    expect(run.status).toBe("LIMITED");
    expect(run.error).toContain("flowLoopIterations");
    expect(await invoicesWith("many-")).toEqual([]);
    const [log] = await logsOf(run.id);
    expect(log).toMatchObject({ step: "each", error: expect.stringContaining("6 items") });
  });

  it("refuses a loop without its list or step, one that runs itself, and an HTTP step without an http(s) address", async () => {
    const flow = (await createFlow("Loop rules")).data.createFlow;
    const cases: [FlowSchema, string, Record<string, string>][] = [
      [{ triggers: [], steps: [{ id: "s1", variant: "loop", loopStep: "s1", items: "{{trigger.input}}" }], startStep: "s1" }, "error_flow_step_loop_self", { stepId: "s1", field: "loopStep" }],
      [{ triggers: [], steps: [{ id: "s1", variant: "loop", items: "{{trigger.input}}" }], startStep: "s1" }, "error_flow_step_field_required", { stepId: "s1", field: "loopStep" }],
      [{ triggers: [], steps: [{ id: "s1", variant: "httpRequest", url: "file:///etc/passwd" }], startStep: "s1" }, "error_flow_step_url_invalid", { stepId: "s1", field: "url" }],
      [{ triggers: [], steps: [{ id: "s1", variant: "httpRequest", method: "GET" }], startStep: "s1" }, "error_flow_step_field_required", { stepId: "s1", field: "url" }],
    ];
    for (const [schema, messageId, where] of cases) {
      const refused = await updateFlow(flow.id, { schema });
      expect(refused.errors?.[0].extensions, messageId).toMatchObject({ code: "BAD_USER_INPUT", messageId, ...where });
    }
  });
});

describe("resume and dry run", () => {
  it("a failed run resumes from the failed step with the fixed flow: the steps before it are not repeated", async () => {
    const broken: FlowSchema = {
      triggers: [{ id: "now", name: "Run now", variant: "manual" }],
      steps: [
        { id: "ok", variant: "createEntry", table: "Invoice", fields: { orderRef: "resume-{{trigger.input.ref}}", amount: "5" }, next: "bad" },
        { id: "bad", name: "Set amount", variant: "updateEntry", table: "Invoice", entryId: "no-such-entry", fields: { amount: "6" } },
      ],
      startStep: "ok",
    };
    const flow = (await createFlow("Resumable", broken)).data.createFlow;
    await runNow(flow.id, { ref: "r" });
    const [failed] = await finishedRuns(flow.id);
    expect(failed.status).toBe("FAILED");

    const stranger = await p.t.signUp(uniqueEmail("resumer"));
    const foreign = await gql(`mutation ($id: ID!) { resumeFlowRun(runId: $id) { id } }`, { id: failed.id }, stranger.token);
    expect(foreign.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN" });

    const fixed = await updateFlow(flow.id, { schema: { ...broken, steps: [broken.steps[0], { ...broken.steps[1], entryId: "{{steps.ok.output.id}}" }] } });
    expect(fixed.errors).toBeUndefined();
    const resumed = await gql(`mutation ($id: ID!) { resumeFlowRun(runId: $id) { id status error } }`, { id: failed.id });
    expect(resumed.data.resumeFlowRun).toEqual({ id: failed.id, status: "QUEUED", error: null });
    const [run] = await finishedRuns(flow.id);
    expect(run).toMatchObject({ id: failed.id, status: "SUCCEEDED", error: null });
    expect(await invoicesWith("resume-")).toEqual([{ orderRef: "resume-r", amount: 6 }]);
    const logs = await logsOf(run.id);
    expect(logs.map((log: { step: string; error?: string }) => [log.step, !!log.error])).toEqual([["ok", false], ["bad", true], ["bad", false]]);

    const again = await gql(`mutation ($id: ID!) { resumeFlowRun(runId: $id) { id } }`, { id: run.id });
    expect(again.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_flow_run_not_failed" });
  });

  it("a dry run on a real entry shows each step's would-be output and writes, mails and calls nothing", async () => {
    const email = uniqueEmail("dry");
    const order = await createOrder({ customer: "Dry", email, total: 42.5 });
    const orderId = order.data.createType.id as string;
    const calls = echo.requests.length;
    const flow = (await createFlow("Dry", {
      triggers: [{ id: "t1", name: "Order changed", variant: "data", table: "Order", changes: ["update"] }],
      steps: [
        { id: "invoice", variant: "createEntry", table: "Invoice", fields: { orderRef: "dry-{{trigger.entry.id}}", amount: "{{trigger.entry.total}}" }, next: "big" },
        { id: "big", variant: "condition", left: "{{trigger.entry.total}}", operator: "greaterThan", right: "10", next: "mail" },
        { id: "mail", variant: "sendEmail", to: "{{trigger.entry.email}}", subject: "Invoice {{steps.invoice.output.orderRef}}", next: "call" },
        { id: "call", variant: "httpRequest", method: "POST", url: `${echo.url}/dry`, body: "{{trigger.entry.customer}}", next: "wait" },
        { id: "wait", variant: "delay", seconds: 3600 },
      ],
      startStep: "invoice",
    })).data.createFlow;
    const dry = await gql(`mutation ($input: DryRunFlowInput!) { dryRunFlow(input: $input) { status error logs } }`, { input: { id: flow.id, table: "Order", entryId: orderId } });
    expect(dry.errors).toBeUndefined();
    expect(dry.data.dryRunFlow).toMatchObject({ status: "SUCCEEDED", error: null });
    const logs = dry.data.dryRunFlow.logs.map((log: string) => JSON.parse(log));
    expect(logs.map((log: { step: string }) => log.step)).toEqual(["invoice", "big", "mail", "call", "wait"]);
    expect(logs[0].output).toEqual({ dryRun: true, id: null, orderRef: `dry-${orderId}`, amount: 42.5 });
    expect(logs[1].output).toEqual({ passed: true });
    expect(logs[2].input).toMatchObject({ to: email, subject: `Invoice dry-${orderId}` });
    expect(logs[2].output).toMatchObject({ dryRun: true, sent: false });
    expect(logs[3].input).toMatchObject({ method: "POST", body: "Dry" });
    // Nothing happened: no invoice, no mail, no request, no run.
    expect(await invoicesWith("dry-")).toEqual([]);
    // (The first test's flow mails every new Order's customer; this flow's mail would say "Invoice dry-…".)
    expect((await p.t.mailsTo(email)).filter((mail: { subject: string }) => mail.subject.includes("dry-"))).toEqual([]);
    expect(echo.requests.length).toBe(calls);
    expect(await runsOf(flow.id)).toEqual([]);

    const missing = await gql(`mutation ($input: DryRunFlowInput!) { dryRunFlow(input: $input) { status error } }`, { input: { id: flow.id, table: "Order", entryId: "no-such-order" } });
    expect(missing.data.dryRunFlow.status).toBe("FAILED");
  });
});

describe("live runs", () => {
  it("onFlowRun tells the flow's runs section each status of a run as it moves; a stranger is refused", async () => {
    const flow = (await createFlow("Live", {
      triggers: [{ id: "now", name: "Run now", variant: "manual" }],
      steps: [{ id: "check", variant: "condition", left: "{{trigger.input.ok}}", operator: "equals", right: "true" }],
      startStep: "check",
    })).data.createFlow;
    const query = `subscription ($flowId: ID!) { onFlowRun(flowId: $flowId) { flowId runId status } }`;
    const stranger = await p.t.signUp(uniqueEmail("watcher"));
    const refused = p.t.subscribe(stranger.token, query, { flowId: flow.id });
    const ended = await refused.ended;
    expect(JSON.stringify([ended, refused.results])).toContain("FORBIDDEN");
    const live = p.t.subscribe(p.owner.token, query, { flowId: flow.id });
    // A probe run until the subscription hears one: then it is registered on the server.
    await expect.poll(async () => {
      if (live.results.length === 0) await runNow(flow.id, { ok: true });
      return live.results.length;
    }, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    await finishedRuns(flow.id, (await runsOf(flow.id)).length);
    live.results.length = 0;
    const runId = await runNow(flow.id, { ok: true });
    await expect.poll(() => live.results.map((result: any) => result.data?.onFlowRun).filter((event: { runId: string }) => event?.runId === runId).map((event: { status: string }) => event.status), { timeout: 20_000 }).toContain("SUCCEEDED");
    const statuses = live.results.map((result: any) => result.data.onFlowRun).filter((event: { runId: string }) => event.runId === runId).map((event: { status: string }) => event.status);
    expect(statuses[0]).toBe("QUEUED");
    expect(statuses).toContain("RUNNING");
    expect(live.results.every((result: any) => result.data.onFlowRun.flowId === flow.id)).toBe(true);
    await live.close();
  });
});
