// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppPageConfig, AppSchema, ChatPlan } from "../../../src/domain/apps";
import { listQuery } from "../../../src/app/api";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { publishableModel } from "../publishing/models";
import { callProject, publishUserPoolProject, signInProjectUser, signUpProjectUser, type PoolProject } from "../projectEndpoint/poolProject";

/*
 * A customer app's chatbot view: POST <appUrl>chat turns a question into a plan (a filter, no
 * data) — through the project's language model when LLM_BASE_URL is set, else (or when the model
 * fails or answers outside the view) the built-in search — and the page runs the plan as a list
 * query with the user's own token, so an answer never holds another user's rows.
 */

const consoleDist = mkdtempSync(join(tmpdir(), "apps-chat-dist-"));
writeFileSync(join(consoleDist, "apps.html"), `<!doctype html><html><head><title>App</title><!--baukasten-app--></head><body></body></html>`);
writeFileSync(join(consoleDist, "index.html"), `<!doctype html><html><head><!--baukasten-config--></head><body></body></html>`);

/** A stand-in for an OpenAI-compatible endpoint: answers with whatever the test sets. */
let reply: { status: number; content: string };
let received: { system?: string; question?: string } = {};
let llm: Server;

let t: TestPlatform;
let project: PoolProject;
let appUrl: string;
let view: AppPageConfig["views"][number];
const as: Record<"alice" | "bob", { token: string }> = {} as never;

async function readBody(request: IncomingMessage) {
  let text = "";
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
}

beforeAll(async () => {
  llm = createServer(async (request, response) => {
    const body = await readBody(request);
    received = { system: body.messages[0].content, question: body.messages[1].content };
    response.writeHead(reply.status, { "content-type": "application/json" });
    response.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }] }));
  });
  await new Promise<void>((resolve) => llm.listen(0, "127.0.0.1", resolve));
  t = await startTestPlatform({ LLM_BASE_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`, LLM_MODEL: "tiny-model" }, { consoleDist });
  const owner = await t.signUp(uniqueEmail("chat-owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Chatters" } }, owner.token);
  const model = publishableModel(1);
  project = await publishUserPoolProject(t, owner.token, org.data.createOrg.org.id, "Lamps", model);
  const table = model.objectTypes.find((type) => type.name === "Item1")!;
  const fieldIds = table.fields.filter((field) => field.name === "title" || field.name === "price").map((field) => field.id);
  const schema: AppSchema = { views: [{ id: "c1", name: "Ask", type: "chatbot", tableId: table.id, fields: fieldIds }] };
  const created = await t.graphql(
    `mutation ($input: CreateCustomerAppInput!) { createCustomerApp(input: $input) { customerApp { appUrl } } }`,
    { input: { apiId: project.apiId, name: "Lamp shop", schema: JSON.stringify(schema) } },
    owner.token,
  );
  appUrl = created.data.createCustomerApp.customerApp.appUrl;
  const html = await (await fetch(appUrl)).text();
  view = (JSON.parse(/<meta name="baukasten-app" content="([^"]*)">/.exec(html)![1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&amp;/g, "&")) as AppPageConfig).views[0];
  for (const name of ["alice", "bob"] as const) {
    const email = uniqueEmail(`chat-${name}`);
    await signUpProjectUser(t, project, email);
    as[name] = { token: (await signInProjectUser(project, email)).token };
  }
  const seed = async (who: { token: string }, title: string, price: number) =>
    expect((await callProject(t, project, `mutation ($input: CreateItem1Input!) { createItem1(input: $input) { id } }`, { input: { title, price } }, who)).errors).toBeUndefined();
  await seed(as.alice, "Red lamp", 30);
  await seed(as.alice, "Oak table", 200);
  await seed(as.bob, "Blue lamp", 25);
  await seed(as.bob, "red chair", 80);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => llm.close(resolve));
});
beforeEach(() => {
  received = {};
  reply = { status: 500, content: "" };
});

async function ask(question: string, who?: { token: string }, viewId = "c1") {
  const response = await fetch(`${appUrl}chat`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    body: JSON.stringify({ viewId, question }),
  });
  return { status: response.status, ...((await response.json()) as { plan?: ChatPlan; errors?: { extensions: Record<string, unknown> }[] }) };
}

/** What the page does with a plan: the list query under the user's own token. */
async function answer(plan: ChatPlan, who: { token: string }) {
  const result = await callProject(t, project, listQuery(view.table!, view.fields), { limit: 10, nextToken: null, sortOrder: "DESC", sortBy: null, filter: plan.filter }, who);
  expect(result.errors).toBeUndefined();
  return (result.data.list.items as { title: string }[]).map((row) => row.title).sort();
}

describe("the built-in search (the model unreachable)", () => {
  it("answers from the asker's own rows only and says which words it looked for in which fields", async () => {
    const asked = await ask("Which lamp is red?", as.alice);
    expect(asked.status).toBe(200);
    expect(asked.plan).toMatchObject({ source: "search", words: ["lamp", "red"], fields: ["title"], searched: true });
    expect(await answer(asked.plan!, as.alice)).toEqual(["Red lamp"]);
    expect(await answer(asked.plan!, as.bob)).toEqual(["Blue lamp", "red chair"]);
  });

  it("says when a question has nothing to search for, and shows only the asker's latest rows", async () => {
    const asked = await ask("what is there?", as.bob);
    expect(asked.plan).toMatchObject({ source: "search", searched: false, filter: null });
    expect(await answer(asked.plan!, as.bob)).toEqual(["Blue lamp", "red chair"]);
  });

  it("refuses a caller without a project user's token, an empty or long question and an unknown view", async () => {
    expect((await ask("lamp")).status).toBe(401);
    expect((await ask("lamp", { token: "not-a-token" })).status).toBe(401);
    expect((await ask("   ", as.alice)).errors?.[0].extensions).toMatchObject({ messageId: "error_app_chat_question" });
    expect((await ask("x".repeat(501), as.alice)).status).toBe(400);
    expect((await ask("lamp", as.alice, "nope")).status).toBe(404);
    expect(received.question).toBeUndefined();
  });
});

describe("with LLM_BASE_URL: the language model's plan", () => {
  it("asks the model with the view's fields and uses its filter, still under the asker's token", async () => {
    reply = { status: 200, content: '```json\n{"conditions":[{"field":"price","operator":"lt","value":50}],"explanation":"Entries cheaper than 50."}\n```' };
    const asked = await ask("What costs less than 50?", as.alice);
    expect(received.question).toBe("What costs less than 50?");
    expect(received.system).toContain("price");
    expect(received.system).not.toContain("password");
    expect(asked.plan).toMatchObject({ source: "llm", filter: { price: { lt: 50 } }, fields: ["price"], explanation: "Entries cheaper than 50." });
    expect(await answer(asked.plan!, as.alice)).toEqual(["Red lamp"]);
    expect(await answer(asked.plan!, as.bob)).toEqual(["Blue lamp"]);
  });

  it("falls back to the built-in search when the model names a field outside the view or an operator its type lacks", async () => {
    for (const content of ['{"conditions":[{"field":"password","operator":"eq","value":"x"}]}', '{"conditions":[{"field":"price","operator":"beginsWith","value":"1"}]}', "no json here"]) {
      reply = { status: 200, content };
      const asked = await ask("red lamp", as.alice);
      expect(asked.plan, content).toMatchObject({ source: "search", words: ["red", "lamp"] });
    }
  });
});
