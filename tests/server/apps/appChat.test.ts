// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pinnedView, type AppPageConfig, type AppSchema, type ChatPlan } from "../../../src/domain/apps";
import type { SchemaModel } from "../../../src/domain/model";
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
let appId: string;
let view: AppPageConfig["views"][number];
let item2: SchemaModel["objectTypes"][number];
let ownerToken: string;
let item1Id: string;
const as: Record<"alice" | "bob", { token: string }> = {} as never;

/** The app's configuration as its page is served with it. */
async function servedConfig(): Promise<AppPageConfig> {
  const html = await (await fetch(appUrl)).text();
  return JSON.parse(/<meta name="baukasten-app" content="([^"]*)">/.exec(html)![1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&amp;/g, "&")) as AppPageConfig;
}

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
  const model = publishableModel(2);
  project = await publishUserPoolProject(t, owner.token, org.data.createOrg.org.id, "Lamps", model);
  const table = model.objectTypes.find((type) => type.name === "Item1")!;
  const fieldIds = table.fields.filter((field) => field.name === "title" || field.name === "price").map((field) => field.id);
  item2 = model.objectTypes.find((type) => type.name === "Item2")!;
  const item2Title = item2.fields.filter((field) => field.name === "title").map((field) => field.id);
  const schema: AppSchema = { views: [{ id: "c1", name: "Ask", type: "chatbot", tableId: table.id, fields: fieldIds, moreTables: [{ tableId: item2.id, fields: item2Title }] }] };
  ownerToken = owner.token;
  item1Id = table.id;
  const created = await t.graphql(
    `mutation ($input: CreateCustomerAppInput!) { createCustomerApp(input: $input) { customerApp { id appUrl } } }`,
    { input: { apiId: project.apiId, name: "Lamp shop", schema: JSON.stringify(schema) } },
    owner.token,
  );
  appUrl = created.data.createCustomerApp.customerApp.appUrl;
  appId = created.data.createCustomerApp.customerApp.id;
  view = (await servedConfig()).views[0];
  for (const name of ["alice", "bob"] as const) {
    const email = uniqueEmail(`chat-${name}`);
    await signUpProjectUser(t, project, email);
    as[name] = { token: (await signInProjectUser(project, email)).token };
  }
  const seed = async (who: { token: string }, title: string, price: number, table = "Item1") =>
    expect((await callProject(t, project, `mutation ($input: Create${table}Input!) { create${table}(input: $input) { id } }`, { input: { title, price } }, who)).errors).toBeUndefined();
  await seed(as.alice, "Red lamp", 30);
  await seed(as.alice, "Oak table", 200);
  await seed(as.bob, "Blue lamp", 25);
  await seed(as.bob, "red chair", 80);
  await seed(as.alice, "Red shelf", 60, "Item2");
  await seed(as.bob, "Red bench", 90, "Item2");
  await seed(as.bob, "Lamp post", 300, "Item2");
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => llm.close(resolve));
});
beforeEach(() => {
  received = {};
  reply = { status: 500, content: "" };
});

async function ask(question: string, who?: { token: string }, viewId = "c1", authorization = who && `Bearer ${who.token}`) {
  const response = await fetch(`${appUrl}chat`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ viewId, question }),
  });
  return { status: response.status, ...((await response.json()) as { plans?: ChatPlan[]; pinnable?: boolean; errors?: { extensions: Record<string, unknown> }[] }) };
}

/** What the page does with a plan: the list query of the plan's table under the user's own token. */
async function answer(plan: ChatPlan, who: { token: string }) {
  const chat = view.chatTables.find((candidate) => candidate.table.name === plan.table)!;
  const result = await callProject(t, project, listQuery(chat.table, chat.fields), { limit: 10, nextToken: null, sortOrder: "DESC", sortBy: null, filter: plan.filter }, who);
  expect(result.errors).toBeUndefined();
  return (result.data.list.items as { title: string }[]).map((row) => row.title).sort();
}

describe("the built-in search (the model unreachable)", () => {
  it("answers from the asker's own rows only and says which words it looked for in which fields", async () => {
    const asked = await ask("Which lamp is red?", as.alice);
    expect(asked.status).toBe(200);
    expect(asked.plans![0]).toMatchObject({ table: "Item1", source: "search", words: ["lamp", "red"], fields: ["title"], searched: true });
    expect(await answer(asked.plans![0], as.alice)).toEqual(["Red lamp"]);
    expect(await answer(asked.plans![0], as.bob)).toEqual(["Blue lamp", "red chair"]);
  });

  it("searches each chosen table and says per table what it matched; rows of both tables, none of another user's", async () => {
    const asked = await ask("red", as.alice);
    expect(asked.plans).toMatchObject([
      { table: "Item1", words: ["red"], fields: ["title"], searched: true },
      { table: "Item2", words: ["red"], fields: ["title"], searched: true },
    ]);
    expect(await answer(asked.plans![0], as.alice)).toEqual(["Red lamp"]);
    expect(await answer(asked.plans![1], as.alice)).toEqual(["Red shelf"]);
    // Bob's "red chair" and "Red bench" match the same plans, yet alice's token never reads them.
    expect(await answer(asked.plans![1], as.bob)).toEqual(["Red bench"]);
  });

  it("plans only the tables a question names, and does not search for their names", async () => {
    const asked = await ask("Item2 lamp", as.bob);
    expect(asked.plans).toMatchObject([{ table: "Item2", words: ["lamp"], searched: true }]);
    expect(await answer(asked.plans![0], as.bob)).toEqual(["Lamp post"]);
    expect(await answer(asked.plans![0], as.alice)).toEqual([]);
  });

  it("refuses a chatbot view naming a further table twice or one that does not exist, and keeps the app", async () => {
    for (const moreTables of [[{ tableId: item2.id, fields: [] }, { tableId: item2.id, fields: [] }], [{ tableId: "no-such-table", fields: [] }]]) {
      const schema: AppSchema = { views: [{ id: "c1", name: "Ask", type: "chatbot", tableId: item1Id, fields: [], moreTables }] };
      const result = await t.graphql(`mutation ($input: UpdateCustomerAppInput!) { updateCustomerApp(input: $input) { id } }`, { input: { id: appId, schema: JSON.stringify(schema) } }, ownerToken);
      expect(result.errors?.[0].extensions).toMatchObject({ messageId: "error_app_view_chat_tables" });
    }
    expect((await ask("red", as.alice)).plans).toHaveLength(2);
  });

  it("says when a question has nothing to search for, and shows only the asker's latest rows", async () => {
    const asked = await ask("what is there?", as.bob);
    expect(asked.plans![0]).toMatchObject({ source: "search", searched: false, filter: null });
    expect(await answer(asked.plans![0], as.bob)).toEqual(["Blue lamp", "red chair"]);
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
    expect(asked.plans).toMatchObject([{ table: "Item1", source: "llm", filter: { price: { lt: 50 } }, fields: ["price"], explanation: "Entries cheaper than 50." }]);
    expect(await answer(asked.plans![0], as.alice)).toEqual(["Red lamp"]);
    expect(await answer(asked.plans![0], as.bob)).toEqual(["Blue lamp"]);
  });

  it("lets the model plan the tables a question is about, each with its own filter", async () => {
    reply = { status: 200, content: '{"plans":[{"table":"Item2","conditions":[{"field":"title","operator":"contains","value":"Red"}],"explanation":"Red things."}]}' };
    const asked = await ask("Which shelves are red?", as.alice);
    expect(received.system).toContain('Table "Item2": title');
    expect(asked.plans).toMatchObject([{ table: "Item2", source: "llm", filter: { title: { contains: "Red" } } }]);
    expect(await answer(asked.plans![0], as.alice)).toEqual(["Red shelf"]);
  });

  it("falls back to the built-in search when the model names a field outside the view or an operator its type lacks", async () => {
    for (const content of ['{"conditions":[{"field":"password","operator":"eq","value":"x"}]}', '{"plans":[{"table":"User","conditions":[]}]}', '{"plans":[{"table":"Item2","conditions":[{"field":"price","operator":"lt","value":5}]}]}', '{"conditions":[{"field":"price","operator":"beginsWith","value":"1"}]}', "no json here"]) {
      reply = { status: 200, content };
      const asked = await ask("red lamp", as.alice);
      expect(asked.plans?.[0], content).toMatchObject({ source: "search", words: ["red", "lamp"] });
    }
  });
});

describe("'Pin as a view' (the editor's preview only)", () => {
  const save = (schema: AppSchema, token: string) =>
    t.graphql(`mutation ($input: UpdateCustomerAppInput!) { updateCustomerApp(input: $input) { id } }`, { input: { id: appId, schema: JSON.stringify(schema) } }, token);

  it("offers pinning to a member who may edit the app, never to the app's users, and a pinned answer lists only the user's own rows", async () => {
    const member = await ask("red", undefined, "c1", ownerToken);
    expect(member.status).toBe(200);
    expect(member.pinnable).toBe(true);
    expect((await ask("red", as.alice)).pinnable).toBe(false);

    const plan = member.plans!.find((candidate) => candidate.table === "Item2")!;
    const before = (await servedConfig()).views;
    const current = await t.graphql(`query ($id: ID!) { customerApp(id: $id) { schema } }`, { id: appId }, ownerToken);
    const schema = JSON.parse(current.data.customerApp.schema) as AppSchema;
    const pinned = pinnedView(schema, plan, item2);
    expect(pinned).toMatchObject({ type: "table", tableId: item2.id, search: { words: ["red"] } });
    // An app user cannot change the app: the console's API does not take their token.
    expect((await save({ views: [...schema.views, pinned] }, as.bob.token)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await servedConfig()).views).toHaveLength(before.length);
    expect((await save({ views: [...schema.views, pinned] }, ownerToken)).errors).toBeUndefined();
    const served = (await servedConfig()).views.find((candidate) => candidate.id === pinned.id)!;
    expect(served.filter).toEqual({ or: [{ title: { contains: "red" } }, { title: { contains: "Red" } }] });
    // The pinned view's default filter under each user's own token: bob's "Red bench" never reaches alice.
    const list = (who: { token: string }) => callProject(t, project, listQuery(served.table!, served.fields), { limit: 10, nextToken: null, sortOrder: "DESC", sortBy: null, filter: served.filter }, who);
    expect((await list(as.alice)).data.list.items.map((row: { title: string }) => row.title)).toEqual(["Red shelf"]);
    expect((await list(as.bob)).data.list.items.map((row: { title: string }) => row.title)).toEqual(["Red bench"]);
    await save(schema, ownerToken);
  });

  it("refuses a pinned search over a field that is not text, or without words", async () => {
    const price = item2.fields.find((field) => field.name === "price")!.id;
    const title = item2.fields.find((field) => field.name === "title")!.id;
    const base = { id: "p1", name: "Pinned", type: "table" as const, tableId: item2.id, columns: [title], sort: null, pageSize: 25, actions: { create: false, edit: false, delete: false } };
    for (const search of [{ words: ["red"], fieldIds: [price] }, { words: [], fieldIds: [title] }]) {
      const result = await save({ views: [{ ...base, search }] }, ownerToken);
      expect(result.errors?.[0].extensions, JSON.stringify(search)).toMatchObject({ messageId: "error_app_view_filter_invalid" });
    }
  });
});
