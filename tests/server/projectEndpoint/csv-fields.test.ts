// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { publishableModel } from "../publishing/models";
import { csvClient } from "./csvClient";

/**
 * Spec §5 'Unknown columns can be opted in and are then added as String fields': the import
 * saves them to the model and publishes it through the ordinary publish path before writing rows.
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

async function publishedProject() {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Shop Co" } }, owner.token);
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id as string;
  const published = await t.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`, { input: { apiId, schema: JSON.stringify(publishableModel(1)) } }, owner.token);
  expect(published.errors).toBeUndefined();
  const state = async () => (await t.graphql(`query ($id: ID!) { api(id: $id) { state schema publishRuns { edges { node { id } } } } }`, { id: apiId }, owner.token)).data.api;
  await expect.poll(async () => (await state()).state, { timeout: 20_000, interval: 50 }).toBe("PUBLISHED");
  return { token: owner.token, apiId, state };
}

describe("columns opted in as new fields", () => {
  it("adds them as String fields, publishes the model, then imports their values", async () => {
    const { token, apiId, state } = await publishedProject();
    const csv = csvClient(t.url, apiId);
    const started = await csv.upload('title,price,colour,shelf_note\r\nLamp,19.5,red,"top, left"\r\nChair,5,,\r\n', {
      table: "Item1",
      optIn: ["colour", "shelf_note"],
      auth: { token },
    });
    expect(started.status).toBe(201);
    expect(started.import).toMatchObject({ status: "PUBLISHING", createdFields: ["colour", "shelf_note"] });
    const done = await csv.finished(started.import.id, { token });
    expect(done).toMatchObject({ status: "DONE", rowsDone: 2, rowsFailed: 0 });

    const api = await state();
    expect(api.state).toBe("PUBLISHED");
    expect(api.publishRuns.edges).toHaveLength(2);
    const item = JSON.parse(api.schema).objectTypes.find((type: { name: string }) => type.name === "Item1");
    expect(item.fields.filter((field: { name: string }) => ["colour", "shelf_note"].includes(field.name)).map((field: { type: string }) => field.type)).toEqual(["String", "String"]);

    const response = await fetch(`${t.url}/p/${apiId}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ query: `{ listItem1(sortBy: createdAt, sortOrder: ASC) { items { title price colour shelf_note } } }` }),
    });
    const listed = (await response.json()) as { data: { listItem1: { items: unknown[] } } };
    expect(listed.data.listItem1.items).toEqual(
      expect.arrayContaining([
        { title: "Lamp", price: 19.5, colour: "red", shelf_note: "top, left" },
        { title: "Chair", price: 5, colour: null, shelf_note: null },
      ]),
    );
  });

  it("refuses while the project is publishing, and changes nothing", async () => {
    const { token, apiId, state } = await publishedProject();
    await t.platform.db.updateTable("apis").set({ state: "PUBLISHING" }).where("id", "=", apiId).execute();
    const csv = csvClient(t.url, apiId);
    const refused = await csv.upload("title,colour\r\nLamp,red\r\n", { table: "Item1", optIn: ["colour"], auth: { token } });
    expect(refused.status).toBe(409);
    expect(refused.errors?.[0].extensions.messageId).toBe("error_api_publishing_in_progress");
    expect(JSON.parse((await state()).schema).objectTypes.find((type: { name: string }) => type.name === "Item1").fields.some((field: { name: string }) => field.name === "colour")).toBe(false);
    expect(await t.platform.db.selectFrom("project_imports").select("id").where("api_id", "=", apiId).execute()).toEqual([]);
  });
});
