// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { removeField, type SchemaModel } from "../../../src/domain/model";
import { publishableModel } from "./models";

/**
 * Publishing and the project API wired together as `npm start` wires them: a model published
 * through the platform endpoint is served at /p/<apiId>/graphql with the default API key.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

async function publish(token: string, apiId: string, model: SchemaModel) {
  const published = await t.graphql(
    `mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`,
    { input: { apiId, schema: JSON.stringify(model) } },
    token,
  );
  expect(published.errors).toBeUndefined();
  const readApi = async () =>
    (await t.graphql(`query ($id: ID!) { api(id: $id) { state apiKey } }`, { id: apiId }, token)).data.api as { state: string; apiKey: string | null };
  await expect.poll(async () => (await readApi()).state, { timeout: 10_000, interval: 20 }).toBe("PUBLISHED");
  return readApi();
}

async function callProject(apiId: string, query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
  const response = await fetch(`${t.url}/p/${apiId}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as { data?: any; errors?: { message: string }[] }) };
}

async function ownerWithProject() {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Shop Co" } }, owner.token);
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Shop" } }, owner.token);
  return { token: owner.token, apiId: created.data.createApi.api.id as string };
}

describe("a published project's own API", () => {
  it("answers 'Please publish project before editing data.' until the first publish, then serves the model with its default key", async () => {
    const { token, apiId } = await ownerWithProject();
    const before = await callProject(apiId, `{ listItem1 { items { id } } }`, {}, { authorization: token });
    expect(before.status).toBe(404);
    expect(before.errors?.[0].message).toBe("Please publish project before editing data.");

    const api = await publish(token, apiId, publishableModel(1));
    expect(api.apiKey).toBeTruthy();
    const keys = await callProject(apiId, `{ listApiKey { items { id key } } }`, {}, { authorization: token });
    const defaultKey = keys.data.listApiKey.items.find((key: { id: string }) => key.id === api.apiKey);
    expect(defaultKey?.key).toBeTruthy();

    const created = await callProject(apiId, `mutation ($input: CreateItem1Input!) { createItem1(input: $input) { id title price } }`, { input: { title: "Lamp", price: 19.5 } }, { "x-api-key": defaultKey.key });
    expect(created.errors).toBeUndefined();
    expect(created.data.createItem1).toMatchObject({ title: "Lamp", price: 19.5 });
    const listed = await callProject(apiId, `{ listItem1 { items { title } } }`, {}, { "x-api-key": defaultKey.key });
    expect(listed.data.listItem1.items).toEqual([{ title: "Lamp" }]);
  });

  it("hides a dropped field's values on republish and brings them back when the field returns (no data lost)", async () => {
    const { token, apiId } = await ownerWithProject();
    const full = publishableModel(1);
    await publish(token, apiId, full);
    const asOwner = { authorization: token };
    await callProject(apiId, `mutation ($input: CreateItem1Input!) { createItem1(input: $input) { id } }`, { input: { title: "Lamp", price: 19.5 } }, asOwner);

    const item = full.objectTypes.find((type) => type.name === "Item1")!;
    const withoutPrice = removeField(full, item.id, item.fields.find((field) => field.name === "price")!.id);
    await publish(token, apiId, withoutPrice);
    const hidden = await callProject(apiId, `{ listItem1 { items { title price } } }`, {}, asOwner);
    expect(hidden.errors?.[0].message).toMatch(/price/);
    expect((await callProject(apiId, `{ listItem1 { items { title } } }`, {}, asOwner)).data.listItem1.items).toEqual([{ title: "Lamp" }]);

    await publish(token, apiId, full);
    const back = await callProject(apiId, `{ listItem1 { items { title price } } }`, {}, asOwner);
    expect(back.data.listItem1.items).toEqual([{ title: "Lamp", price: 19.5 }]);
  });
});
