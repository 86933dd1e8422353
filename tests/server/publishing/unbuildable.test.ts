// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { addConnection, addObjectType, type SchemaModel } from "../../../src/domain/model";
import { liveVersionProblem } from "../../../server/projectEndpoint/schema/schema";
import { publishableModel } from "./models";

/**
 * A version whose API cannot be built never goes live. The model rules refuse every colliding
 * name before publishing starts; should a schema still not build, the run fails with GraphQL's
 * reason and the previous version keeps answering. No model the rules accept fails to build, so
 * the test makes one: its check sees a table named Unbuildable as PageInfo, a type every
 * project's API already has (the real check on a model below the rules).
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({}, {
    projectApi: {
      liveVersionProblem: (model) =>
        liveVersionProblem({
          ...model,
          objectTypes: model.objectTypes.map((table) => (table.name === "Unbuildable" ? { ...table, name: "PageInfo" } : table)),
        }),
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const API = `query ($id: ID!) { api(id: $id) { state latestPublishRun { schemaVersion status failureMessageId failureValues } } }`;
const readApi = async (token: string, id: string) => (await t.graphql(API, { id }, token)).data.api;

async function ownerWithProject() {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Pets Co" } }, owner.token);
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Pets" } }, owner.token);
  return { token: owner.token, apiId: created.data.createApi.api.id as string };
}

const publish = (token: string, apiId: string, model: SchemaModel) =>
  t.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`, { input: { apiId, schema: JSON.stringify(model) } }, token);

async function callProject(apiId: string, query: string, token: string) {
  const response = await fetch(`${t.url}/p/${apiId}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, ...((await response.json()) as { data?: any; errors?: { message: string }[] }) };
}

/** `base` (the users table and Item1 by default) with the named tables. */
const petsModel = (names: string[], base = publishableModel(1)): SchemaModel =>
  names.reduce((model, name) => addObjectType(model, name).model, base);

/** A project whose version 1 (users, Item1, Dog) is live; its model, to build the next on. */
async function publishedProject() {
  const project = { ...(await ownerWithProject()), model: petsModel(["Dog"]) };
  expect((await publish(project.token, project.apiId, project.model)).errors).toBeUndefined();
  await expect.poll(async () => (await readApi(project.token, project.apiId)).state, { timeout: 10_000, interval: 20 }).not.toMatch(/^PUBLISHING(_PREPARE|_SCHEMA|_RESOLVERS)?$/);
  expect(await readApi(project.token, project.apiId)).toMatchObject({ state: "PUBLISHED" });
  return project;
}

describe("publishing a version the project API could not serve", () => {
  it("refuses a Dog that belongs to Owner (two owner fields) before any run starts; the live version answers on", async () => {
    const { token, apiId, model } = await publishedProject();
    const dogId = model.objectTypes.find((table) => table.name === "Dog")!.id;
    const owner = addObjectType(model, "Owner");
    const refused = await publish(token, apiId, addConnection(owner.model, dogId, owner.id, "belongsTo"));
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_model_connection_field_taken", values: { name: "Owner", table: "Dog", field: "owner" } });
    expect(await readApi(token, apiId)).toMatchObject({ state: "PUBLISHED", latestPublishRun: { schemaVersion: 1 } });
    const answered = await callProject(apiId, `{ listDog { items { id owner } } }`, token);
    expect(answered).toMatchObject({ status: 200, data: { listDog: { items: [] } } });
  });

  it("ends a version whose schema does not build PUBLISHING_FAILED with the reason, the previous version still answering", async () => {
    const { token, apiId, model } = await publishedProject();
    expect((await publish(token, apiId, petsModel(["Unbuildable"], model))).errors).toBeUndefined();
    await expect.poll(async () => (await readApi(token, apiId)).state, { timeout: 10_000, interval: 20 }).toBe("PUBLISHING_FAILED");
    const api = await readApi(token, apiId);
    expect(api).toMatchObject({ latestPublishRun: { schemaVersion: 2, status: "FAILED", failureMessageId: "error_publish_schema_unbuildable" } });
    expect(JSON.parse(api.latestPublishRun.failureValues).detail).toMatch(/PageInfo/);
    const answered = await callProject(apiId, `{ liveVersion listDog { items { id } } }`, token);
    expect(answered).toMatchObject({ status: 200, data: { liveVersion: 1, listDog: { items: [] } } });
  });
});
