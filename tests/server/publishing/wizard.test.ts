// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { addField } from "../../../src/domain/model";
import { parseModel } from "../../../src/domain/model/parse";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const SETUP = `mutation ($input: SetupUsersTableInput!) { setupUsersTable(input: $input) { id schema } }`;
const PUBLISH = `mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id state } } }`;

async function ownerWithProject() {
  const owner = await t.signUp(uniqueEmail("wizard"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id schema } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  return { ...owner, orgId, apiId: created.data.createApi.api.id as string, schema: created.data.createApi.api.schema as string };
}

const modelOf = (schema: string) => {
  const parsed = parseModel(schema);
  if (!("model" in parsed)) throw new Error("not a model");
  return parsed.model;
};

describe("publish wizard step 1: the users table (spec §5 'A user table must be set up at publish')", () => {
  it("the default option adds User with its email and password fields, and the project can then be published", async () => {
    const owner = await ownerWithProject();
    const before = await t.graphql(PUBLISH, { input: { apiId: owner.apiId } }, owner.token);
    expect(before.errors?.[0].message).toBe("Please select the users table and its email and password fields.");

    const setup = await t.graphql(SETUP, { input: { apiId: owner.apiId, mode: "DEFAULT" } }, owner.token);
    expect(setup.errors).toBeUndefined();
    const user = modelOf(setup.data.setupUsersTable.schema).objectTypes.find((objectType) => objectType.name === "User")!;
    expect(user.directives).toEqual([{ name: "users" }]);
    expect(user.fields.map((field) => field.name)).toEqual(expect.arrayContaining(["email", "password"]));

    const published = await t.graphql(PUBLISH, { input: { apiId: owner.apiId } }, owner.token);
    expect(published.errors).toBeUndefined();
    expect(published.data.createPublishRun.api.state).toBe("PUBLISHING");
  });

  it("refuses a custom choice without a table, with one field for both, or with a read-only field, and changes nothing", async () => {
    const owner = await ownerWithProject();
    const model = modelOf(owner.schema);
    const table = model.objectTypes[0];
    const withLogin = addField(model, table.id, { name: "login", type: "String" });
    const withSecret = addField(withLogin.model, table.id, { name: "secret", type: "String" });
    const saved = await t.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { schema } }`, { input: { id: owner.apiId, schema: JSON.stringify(withSecret.model) } }, owner.token);
    const stored = saved.data.updateApi.schema;
    const idField = table.fields.find((field) => field.name === "id")!;

    for (const choice of [
      { tableId: "nope", emailFieldId: withLogin.id, passwordFieldId: withSecret.id },
      { tableId: table.id, emailFieldId: withLogin.id, passwordFieldId: withLogin.id },
      { tableId: table.id, emailFieldId: idField.id, passwordFieldId: withSecret.id },
      { tableId: table.id },
    ]) {
      const refused = await t.graphql(SETUP, { input: { apiId: owner.apiId, mode: "CUSTOM", ...choice } }, owner.token);
      expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_api_create_requires_usertype" });
    }
    const after = await t.graphql(`query ($id: ID!) { api(id: $id) { schema } }`, { id: owner.apiId }, owner.token);
    expect(after.data.api.schema).toBe(stored);

    const accepted = await t.graphql(SETUP, { input: { apiId: owner.apiId, mode: "CUSTOM", tableId: table.id, emailFieldId: withLogin.id, passwordFieldId: withSecret.id } }, owner.token);
    const users = modelOf(accepted.data.setupUsersTable.schema).objectTypes[0];
    expect(users.fields.find((field) => field.id === withLogin.id)).toMatchObject({ type: "Email", directives: [{ name: "userEmail" }] });
  });

  it("refuses callers outside the workspace", async () => {
    const owner = await ownerWithProject();
    const stranger = await t.signUp(uniqueEmail("stranger"));
    const refused = await t.graphql(SETUP, { input: { apiId: owner.apiId, mode: "DEFAULT" } }, stranger.token);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await t.graphql(SETUP, { input: { apiId: owner.apiId, mode: "DEFAULT" } })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
