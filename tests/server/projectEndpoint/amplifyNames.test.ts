// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { addField, addObjectType, type SchemaModel } from "../../../src/domain/model";
import { pluralName } from "../../../src/domain/model/amplifyNames";
import { publishableModel } from "../publishing/models";

/**
 * The project setting 'Amplify-compatible names', published as `npm start` publishes: stored
 * on the project, it changes the live API only on the next publish; its names run the spec's
 * resolvers, with Amplify's filter operators and write conditions.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const API = `query ($id: ID!) { api(id: $id) { state amplifyNames apiKey latestPublishRun { status failureMessageId failureValues } } }`;

function todoModel(extra: string[] = []): SchemaModel {
  let model = publishableModel(0);
  for (const name of ["Todo", ...extra]) {
    const added = addObjectType(model, name);
    model = addField(added.model, added.id, { name: "name", type: "String" }).model;
    model = addField(model, added.id, { name: "priority", type: "Integer" }).model;
    model = addField(model, added.id, { name: "done", type: "Boolean" }).model;
    model = addField(model, added.id, { name: "tags", type: "ListString" }).model;
  }
  return model;
}

async function ownerWithProject() {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Todo Co" } }, owner.token);
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Todos" } }, owner.token);
  return { token: owner.token, apiId: created.data.createApi.api.id as string };
}

async function publish(token: string, apiId: string, model: SchemaModel, expected = "PUBLISHED") {
  const published = await t.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`, { input: { apiId, schema: JSON.stringify(model) } }, token);
  expect(published.errors).toBeUndefined();
  const readApi = async () => (await t.graphql(API, { id: apiId }, token)).data.api;
  await expect.poll(async () => (await readApi()).state, { timeout: 15_000, interval: 30 }).toBe(expected);
  return readApi();
}

const setAmplifyNames = (token: string, apiId: string, amplifyNames: boolean) =>
  t.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { amplifyNames } }`, { input: { id: apiId, amplifyNames } }, token);

async function callProject(apiId: string, query: string, variables: Record<string, unknown>, token: string) {
  const response = await fetch(`${t.url}/p/${apiId}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: token }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: any; errors?: { message: string; errorType?: string; extensions?: Record<string, any> }[] };
}

const NAMES = `{ query: __type(name: "Query") { fields { name type { ofType { name } } } } mutation: __type(name: "Mutation") { fields { name args { name type { name } } } }
  subscription: __type(name: "Subscription") { fields { name args { name } } }
  filter: __type(name: "ModelTodoFilterInput") { inputFields { name } } string: __type(name: "ModelStringInput") { inputFields { name } }
  direction: __type(name: "ModelSortDirection") { enumValues { name } }
  connection: __type(name: "ModelTodoConnection") { fields { name } } }`;

describe("pluralName", () => {
  it("follows the English rules recorded in docs/DECISIONS.md", () => {
    expect(["Todo", "Category", "Day", "Bus", "Box", "Quiz", "Match", "Wish"].map(pluralName)).toEqual([
      "Todos", "Categories", "Days", "Buses", "Boxes", "Quizzes", "Matches", "Wishes",
    ]);
  });

  it("knows the common irregular English plurals, as Amplify's pluraliser does", () => {
    const names = ["Person", "SalesPerson", "Child", "GrandChild", "Man", "Woman", "Chairman", "Human", "Foot", "Tooth", "Goose", "Mouse", "Ox"];
    expect(names.map(pluralName)).toEqual([
      "People", "SalesPeople", "Children", "GrandChildren", "Men", "Women", "Chairmen", "Humans", "Feet", "Teeth", "Geese", "Mice", "Oxen",
    ]);
  });
});

describe("'Amplify-compatible names'", () => {
  let token: string;
  let apiId: string;
  // One model for the project: publishing refuses a users table that is not the published one.
  const model = todoModel();
  beforeAll(async () => {
    ({ token, apiId } = await ownerWithProject());
  }, 60_000);

  it("are not in the schema while the setting is off", async () => {
    await publish(token, apiId, model);
    const names = (await callProject(apiId, NAMES, {}, token)).data;
    expect(names.query.fields.map((f: { name: string }) => f.name)).toContain("listTodo");
    expect(names.query.fields.map((f: { name: string }) => f.name)).not.toContain("listTodos");
    expect(names.filter).toBeNull();
    expect(names.direction).toBeNull();
    expect(names.mutation.fields.find((f: { name: string }) => f.name === "createTodo").args.map((a: { name: string }) => a.name)).toEqual(["input"]);
  });

  it("take effect on the next publish, not when saved", async () => {
    expect((await setAmplifyNames(token, apiId, true)).data.updateApi.amplifyNames).toBe(true);
    expect((await callProject(apiId, NAMES, {}, token)).data.filter).toBeNull();
    await publish(token, apiId, model);
    const names = (await callProject(apiId, NAMES, {}, token)).data;
    const queries = names.query.fields.map((f: { name: string }) => f.name);
    expect(queries).toEqual(expect.arrayContaining(["getTodo", "listTodo", "listTodos"]));
    const argsOf = (list: { name: string; args: { name: string; type?: { name: string | null } }[] }[], name: string) => list.find((f) => f.name === name)!.args.map((a) => a.name);
    expect(argsOf(names.mutation.fields, "createTodo")).toEqual(["input", "condition"]);
    expect(argsOf(names.mutation.fields, "updateTodo")).toEqual(["input", "condition"]);
    expect(argsOf(names.mutation.fields, "deleteTodo")).toEqual(["input", "condition"]);
    for (const name of ["onCreateTodo", "onUpdateTodo", "onDeleteTodo"]) expect(argsOf(names.subscription.fields, name)).toEqual(["filter"]);
    expect(names.filter.inputFields.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(["id", "name", "priority", "done", "tags", "and", "or", "not"]));
    expect(names.string.inputFields.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(["between", "attributeType", "size", "in", "notIn", "beginsWith"]));
    expect(names.direction.enumValues.map((v: { name: string }) => v.name)).toEqual(["ASC", "DESC"]);
    // Amplify's generated fragments and __typename checks expect its own connection type.
    expect(names.query.fields.find((f: { name: string }) => f.name === "listTodos").type.ofType.name).toBe("ModelTodoConnection");
    expect(names.query.fields.find((f: { name: string }) => f.name === "listTodo").type.ofType.name).toBe("TodoConnection");
    expect(names.connection.fields.map((f: { name: string }) => f.name)).toEqual(["items", "nextToken"]);
  });

  it("answer listTodos as a ModelTodoConnection, with a fragment on it as Amplify's generated code writes", async () => {
    const created = await callProject(apiId, `mutation { createTodo(input: { name: "fragment" }) { id } }`, {}, token);
    expect(created.errors).toBeUndefined();
    const query = `query { listTodos(filter: { name: { eq: "fragment" } }) { ...Page } } fragment Page on ModelTodoConnection { __typename items { __typename name } nextToken }`;
    const answer = await callProject(apiId, query, {}, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.listTodos).toEqual({ __typename: "ModelTodoConnection", items: [{ __typename: "Todo", name: "fragment" }], nextToken: null });
    const deleted = await callProject(apiId, `mutation ($id: ID!) { deleteTodo(input: { id: $id }) { id } }`, { id: created.data.createTodo.id }, token);
    expect(deleted.errors).toBeUndefined();
  });

  it("filter with Amplify's operators through listTodos", async () => {
    const create = `mutation ($input: CreateTodoInput!, $condition: ModelTodoConditionInput) { createTodo(input: $input, condition: $condition) { id } }`;
    for (const [i, name] of ["apple", "banana", "cherry", "date"].entries()) {
      const created = await callProject(apiId, create, { input: { name, priority: i + 1, done: i % 2 === 0, tags: Array.from({ length: i }, (_, n) => `t${n}`) } }, token);
      expect(created.errors).toBeUndefined();
    }
    const list = `query ($filter: ModelTodoFilterInput, $limit: Int, $nextToken: String) { listTodos(filter: $filter, limit: $limit, nextToken: $nextToken) { items { name } nextToken } }`;
    const names = async (filter: unknown) => {
      const answer = await callProject(apiId, list, { filter, limit: null }, token);
      expect(answer.errors).toBeUndefined();
      return answer.data.listTodos.items.map((item: { name: string }) => item.name).sort();
    };
    expect(await names({ priority: { between: [2, 3] } })).toEqual(["banana", "cherry"]);
    expect(await names({ name: { in: ["apple", "date", "fig"] } })).toEqual(["apple", "date"]);
    expect(await names({ name: { notIn: ["apple", "date"] } })).toEqual(["banana", "cherry"]);
    expect(await names({ tags: { size: { ge: 2 } } })).toEqual(["cherry", "date"]);
    expect(await names({ name: { size: { eq: 4 } } })).toEqual(["date"]);
    expect(await names({ priority: { attributeType: "number" } })).toEqual(["apple", "banana", "cherry", "date"]);
    expect(await names({ priority: { attributeType: "string" } })).toEqual([]);
    expect(await names({ or: [{ name: { beginsWith: "b" } }, { not: { done: { eq: true } } }] })).toEqual(["banana", "date"]);
    const refused = await callProject(apiId, list, { filter: { priority: { between: [1] } } }, token);
    expect(refused.errors?.[0].extensions?.messageId).toBe("error_filter_between");
  });

  it("writes only when the entry meets the condition, as AppSync's ConditionalCheckFailedException otherwise", async () => {
    const created = await callProject(apiId, `mutation { createTodo(input: { name: "guarded", priority: 5 }) { id } }`, {}, token);
    const id = created.data.createTodo.id;
    const update = `mutation ($input: UpdateTodoInput!, $condition: ModelTodoConditionInput) { updateTodo(input: $input, condition: $condition) { name } }`;
    const failed = await callProject(apiId, update, { input: { id, name: "changed" }, condition: { priority: { gt: 5 } } }, token);
    expect(failed.errors?.[0].errorType).toBe("DynamoDB:ConditionalCheckFailedException");
    expect((await callProject(apiId, `query ($id: ID!) { getTodo(id: $id) { name } }`, { id }, token)).data.getTodo.name).toBe("guarded");
    const met = await callProject(apiId, update, { input: { id, name: "changed" }, condition: { priority: { eq: 5 } } }, token);
    expect(met.data.updateTodo.name).toBe("changed");

    const remove = `mutation ($input: DeleteTodoInput!, $condition: ModelTodoConditionInput) { deleteTodo(input: $input, condition: $condition) { id } }`;
    expect((await callProject(apiId, remove, { input: { id }, condition: { name: { eq: "guarded" } } }, token)).errors?.[0].errorType).toBe("DynamoDB:ConditionalCheckFailedException");
    expect((await callProject(apiId, `query ($id: ID!) { getTodo(id: $id) { id } }`, { id }, token)).data.getTodo).toEqual({ id });
    expect((await callProject(apiId, remove, { input: { id }, condition: { name: { eq: "changed" } } }, token)).data.deleteTodo).toEqual({ id });

    const conditionedCreate = await callProject(apiId, `mutation { createTodo(input: { name: "x" }, condition: { priority: { eq: 1 } }) { id } }`, {}, token);
    expect(conditionedCreate.errors?.[0].extensions?.messageId).toBe("error_create_condition");
  });

  it("refuses a publish whose Amplify name is already taken, saying which", async () => {
    const other = await ownerWithProject();
    await setAmplifyNames(other.token, other.apiId, true);
    // Table Todos's own list is listTodos, Amplify's list of Todo.
    const colliding = todoModel(["Todos"]);
    const api = await publish(other.token, other.apiId, colliding, "PUBLISHING_FAILED");
    expect(api.latestPublishRun).toMatchObject({ status: "FAILED", failureMessageId: "error_publish_amplify_name_taken" });
    expect(JSON.parse(api.latestPublishRun.failureValues)).toEqual({ name: "listTodos", table: "Todo" });
    await setAmplifyNames(other.token, other.apiId, false);
    await publish(other.token, other.apiId, colliding);
  });
});
