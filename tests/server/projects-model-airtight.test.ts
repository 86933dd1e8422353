// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";
import { MODEL_LIMITS, TABLE_PERMISSIONS, type SchemaModel } from "../../src/domain/model";
import { largestDeclaration } from "../domain/model/largest";

/**
 * Tried as an outside client would: broken declarations sent straight to updateApi,
 * the stored declaration read back after each.
 */
let t: TestPlatform;
let owner: { token: string; orgId: string };
beforeAll(async () => {
  t = await startTestPlatform();
  const user = await t.signUp(uniqueEmail("airtight"));
  const { data } = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Airtight Co" } }, user.token);
  owner = { token: user.token, orgId: data.createOrg.org.id };
});
afterAll(async () => {
  await t?.close();
});

const UPDATE = `mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id schema } }`;

async function newProject(defaultAuthMode = "aws_api_key") {
  const { data, errors } = await t.graphql(
    `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id schema } } }`,
    { input: { orgId: owner.orgId, name: "Airtight", defaultAuthMode } },
    owner.token,
  );
  expect(errors).toBeUndefined();
  return { id: data.createApi.api.id as string, schema: data.createApi.api.schema as string };
}
const stored = async (id: string) =>
  (await t.graphql(`query ($id: ID!) { api(id: $id) { schema } }`, { id }, owner.token)).data.api.schema as string;

/** The project's first model with one table (Table1) changed as plain JSON. */
function edited(schema: string, change: (table: any, model: any) => void): string {
  const model = JSON.parse(schema);
  change(model.objectTypes[0], model);
  return JSON.stringify(model);
}

async function expectRefused(schemaOf: (initial: string) => string, messageId: string, authMode?: string) {
  const project = await newProject(authMode);
  const result = await t.graphql(UPDATE, { input: { id: project.id, schema: schemaOf(project.schema) } }, owner.token);
  expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId });
  expect(await stored(project.id)).toBe(project.schema);
  return result.errors![0];
}

const UNKNOWN_KEYS: [string, (table: any, model: any) => void, string][] = [
  ["a third parent", (o) => (o.parents.third = { parentId: o.id, index: 0 }), "third"],
  ["a trigger list under a key the model does not use", (o) => (o.triggers = [{ name: "x" }]), "triggers"],
  ["a field key holding <script> text", (o) => (o.fields[0]["<script>alert(1)</script>"] = 1), "<script>alert(1)</script>"],
  ["a key on the model", (_, m) => (m.owner = "me"), "owner"],
  ["a key on a directive", (o) => (o.fields[2].directives[0].extra = 1), "extra"],
  ["a key on an enum value", (_, m) => (m.enumTypes = [{ id: "e1", name: "Status", values: [{ name: "A", color: "red" }] }]), "color"],
];

describe("updateApi: unknown keys are refused with their path and never stored", () => {
  it.each(UNKNOWN_KEYS)("%s", async (_, change, key) => {
    const error = await expectRefused((schema) => edited(schema, change), "error_model_invalid");
    expect(error.message).toContain(key);
    expect(error.extensions?.path).toContain(key);
  });
  it.each([
    ["at the top", (schema: string) => schema.replace("{", '{"__proto__":{"admin":true},')],
    ["in searchConfig", (schema: string) => edited(schema, (o) => (o.searchConfig = {})).replace('"searchConfig":{}', '"searchConfig":{"__proto__":{"admin":true}}')],
  ])("a __proto__ key %s", async (_, schemaOf) => {
    await expectRefused(schemaOf, "error_model_invalid");
  });
});

describe("updateApi: the system fields, permissions and dynamic fields", () => {
  it.each([
    ["createdAt as an Integer", "createdAt", "Integer"],
    ["updatedAt as a Boolean", "updatedAt", "Boolean"],
    ["id as a String", "id", "String"],
  ])("%s is refused", async (_, name, type) => {
    const error = await expectRefused(
      (schema) => edited(schema, (o) => (o.fields.find((f: { name: string }) => f.name === name).type = type)),
      "error_model_system_field_type",
    );
    expect(error.extensions?.values).toMatchObject({ field: name });
  });

  it.each(TABLE_PERMISSIONS)("@%s on a project with API-key auth is refused", async (name) => {
    await expectRefused((schema) => edited(schema, (o) => o.directives.push({ name })), "error_model_permissions_auth_mode");
  });
  it("the same permissions are stored on a user-pool project", async () => {
    const project = await newProject("aws_cognito_user_pools");
    const schema = edited(project.schema, (o) => TABLE_PERMISSIONS.forEach((name) => o.directives.push({ name })));
    const result = await t.graphql(UPDATE, { input: { id: project.id, schema } }, owner.token);
    expect(result.errors).toBeUndefined();
    const names = (JSON.parse(await stored(project.id)) as SchemaModel).objectTypes[0].directives.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining([...TABLE_PERMISSIONS]));
  });
  it("switching to API-key auth takes the permissions out of the stored declaration", async () => {
    const project = await newProject("aws_cognito_user_pools");
    const schema = edited(project.schema, (o) => o.directives.push({ name: "publicRead" }, { name: "users" }));
    expect((await t.graphql(UPDATE, { input: { id: project.id, schema } }, owner.token)).errors).toBeUndefined();
    const switched = await t.graphql(UPDATE, { input: { id: project.id, defaultAuthMode: "aws_api_key" } }, owner.token);
    expect(switched.errors).toBeUndefined();
    const names = (JSON.parse(await stored(project.id)) as SchemaModel).objectTypes[0].directives.map((d) => d.name);
    expect(names).toEqual(["users"]);
  });
  it("permissions sent with a switch to API-key auth in the same call are refused", async () => {
    const project = await newProject("aws_cognito_user_pools");
    const schema = edited(project.schema, (o) => o.directives.push({ name: "publicCreate" }));
    const result = await t.graphql(UPDATE, { input: { id: project.id, defaultAuthMode: "aws_api_key", schema } }, owner.token);
    expect(result.errors?.[0].extensions?.messageId).toBe("error_model_permissions_auth_mode");
  });

  it.each(["Integer", "ListString", "Boolean"])("@dynamic on a field of type %s is refused", async (type) => {
    await expectRefused(
      (schema) => edited(schema, (o) => o.fields.push({ id: "dyn001", name: "extra", type, directives: [{ name: "dynamic" }] })),
      "error_model_dynamic_string",
    );
  });
});

const field = (n: number) => ({ id: `f${n}`, name: `field${n}`, type: "String", directives: [] });

describe("updateApi: a declaration over a limit is refused naming the limit", () => {
  it.each<[string, (schema: string) => string, string]>([
    ["10,000 tables", (schema) => edited(schema, (o, m) => (m.objectTypes = Array.from({ length: 10_000 }, (_, i) => ({ ...o, id: `t${i}`, name: `T${i}`, fields: o.fields.map((f: object, j: number) => ({ ...f, id: `t${i}_${j}` })) })))), "error_body_too_large"],
    [`${MODEL_LIMITS.tables + 1} tables`, (schema) => edited(schema, (o, m) => (m.objectTypes = Array.from({ length: MODEL_LIMITS.tables + 1 }, (_, i) => ({ ...o, id: `t${i}`, name: `T${i}`, fields: o.fields.map((f: object, j: number) => ({ ...f, id: `t${i}_${j}` })) })))), "error_model_limit_tables"],
    ["20,000 fields in one table", (schema) => edited(schema, (o) => o.fields.push(...Array.from({ length: 20_000 }, (_, i) => field(i)))), "error_body_too_large"],
    [`${MODEL_LIMITS.fieldsPerTable + 1} fields in one table`, (schema) => edited(schema, (o) => o.fields.push(...Array.from({ length: MODEL_LIMITS.fieldsPerTable + 1 - o.fields.length }, (_, i) => field(i)))), "error_model_limit_fields"],
    ["a 5,000-character table name", (schema) => edited(schema, (o) => (o.name = "T".repeat(5000))), "form_feedback_name_maxlength"],
    ["a 5,000-character field name", (schema) => edited(schema, (o) => o.fields.push({ ...field(1), name: "f".repeat(5000) })), "form_feedback_name_maxlength"],
    ["a 1 MB label", (schema) => edited(schema, (o) => o.fields.push({ ...field(1), label: "L".repeat(1_000_000) })), "error_input_too_long"],
    [`a ${MODEL_LIMITS.labelLength + 1}-character label`, (schema) => edited(schema, (o) => o.fields.push({ ...field(1), label: "L".repeat(MODEL_LIMITS.labelLength + 1) })), "error_model_limit_label"],
    ["3 MB of text", (schema) => edited(schema, (o) => (o.searchConfig = { junk: "x".repeat(3_000_000) })), "error_body_too_large"],
    [`${MODEL_LIMITS.declarationSize + 1} characters`, (schema) => edited(schema, (o) => (o.searchConfig = { junk: "x".repeat(MODEL_LIMITS.declarationSize) })), "error_model_limit_size"],
    ["junk nested 5,000 levels deep in searchConfig", (schema) => edited(schema, (o) => (o.searchConfig = {})).replace('"searchConfig":{}', `"searchConfig":{"q":${"[".repeat(5000)}${"]".repeat(5000)}}`), "error_model_limit_depth"],
    [`${MODEL_LIMITS.enums + 1} enums`, (schema) => edited(schema, (_, m) => (m.enumTypes = Array.from({ length: MODEL_LIMITS.enums + 1 }, (_, i) => ({ id: `e${i}`, name: `E${i}`, values: [{ name: "A" }] })))), "error_model_limit_enums"],
    [`an enum with ${MODEL_LIMITS.valuesPerEnum + 1} values`, (schema) => edited(schema, (_, m) => (m.enumTypes = [{ id: "e1", name: "E1", values: Array.from({ length: MODEL_LIMITS.valuesPerEnum + 1 }, (_, i) => ({ name: `V${i}` })) }])), "error_model_limit_enum_values"],
  ])("%s", async (_, schemaOf, messageId) => {
    const error = await expectRefused(schemaOf, messageId);
    // The English message states the limit itself.
    expect(error.message).toMatch(/\d/);
  });

  it("the largest declaration the limits allow is stored", async () => {
    const project = await newProject();
    const { text } = largestDeclaration();
    const result = await t.graphql(UPDATE, { input: { id: project.id, schema: text } }, owner.token);
    expect(result.errors).toBeUndefined();
    const model = JSON.parse(await stored(project.id)) as SchemaModel;
    expect(model.objectTypes).toHaveLength(MODEL_LIMITS.tables);
    expect(model.objectTypes[0].fields).toHaveLength(MODEL_LIMITS.fieldsPerTable);
    expect(model.enumTypes).toHaveLength(MODEL_LIMITS.enums);
  });
});
