// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";
import { insertRole } from "../../server/role/store";
import {
  addConnection,
  addEnum,
  addField,
  addObjectType,
  addResolver,
  initialModel,
  renameObjectType,
  updateEnum,
  updateField,
  updateResolver,
  type SchemaModel,
} from "../../src/domain/model";

let t: TestPlatform;
let owner: { token: string; orgId: string };
beforeAll(async () => {
  t = await startTestPlatform();
  const user = await t.signUp(uniqueEmail("owner"));
  const { data } = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } role { id } } }`, { input: { name: "Model Co" } }, user.token);
  owner = { token: user.token, orgId: data.createOrg.org.id };
});
afterAll(async () => {
  await t?.close();
});

const UPDATE_SCHEMA = `mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id schema } }`;

async function newProject() {
  const { data } = await t.graphql(
    `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id schema } } }`,
    { input: { orgId: owner.orgId, name: "Model" } },
    owner.token,
  );
  return { id: data.createApi.api.id as string, schema: data.createApi.api.schema as string };
}

async function storedSchema(id: string) {
  const { data } = await t.graphql(`query ($id: ID!) { api(id: $id) { schema } }`, { id }, owner.token);
  return data.api.schema as string;
}

// Builders: the model operations the editor uses, then the one change that breaks a rule.
const base = () => initialModel();
const table = (model: SchemaModel, index = 0) => model.objectTypes[index];
const renamed = (name: string, model = base()) => renameObjectType(model, table(model).id, name);
const withTable = (name: string, model = base()) => addObjectType(model, name).model;
const withField = (patch: Parameters<typeof addField>[2], model = base()) => addField(model, table(model).id, patch).model;
const withEnum = (name: string, values: string[], model = base()) => {
  const added = addEnum(model);
  return updateEnum(added.model, added.id, { name, values: values.map((value) => ({ name: value })) });
};
const editTable = (model: SchemaModel, change: (objectType: SchemaModel["objectTypes"][number]) => SchemaModel["objectTypes"][number]) => ({
  ...model,
  objectTypes: model.objectTypes.map((objectType, index) => (index === 0 ? change(objectType) : objectType)),
});
const withTrigger = (name: string, types?: string[]) => {
  const model = base();
  const added = addResolver(model, table(model).id);
  return updateResolver(added.model, table(model).id, added.id, { name, ...(types ? { types: types as never } : {}) });
};

const BROKEN: [rule: string, build: () => SchemaModel, messageId: string][] = [
  ["a table name of one character", () => renamed("T"), "form_feedback_name_minlength"],
  ["a table name that is not a GraphQL name", () => renamed("My Table"), "form_feedback_name_pattern"],
  ["a reserved table name", () => withTable("Query"), "form_feedback_type_name_reserved"],
  ["a reserved table name in other case", () => withTable("apikey"), "form_feedback_type_name_reserved"],
  ["two tables of the same name (case-insensitive)", () => withTable("table1"), "form_feedback_type_name_uniq"],
  ["an enum named like a table", () => withEnum("Table1", ["A"]), "form_feedback_type_name_uniq"],
  ["a field name of one character", () => withField({ name: "x" }), "form_feedback_field_name"],
  ["two fields of the same name", () => { const m = withField({ name: "title" }); return addField(m, table(m).id, { name: "Title" }).model; }, "form_feedback_field_name"],
  ["a reserved field name", () => withField({ name: "namespace" }), "form_feedback_reserved_field_name"],
  ["a reserved field name in other case", () => withField({ name: "PK" }), "form_feedback_reserved_field_name"],
  ["a user field called id", () => withField({ name: "ID" }), "form_feedback_reserved_field_name"],
  ["an enum field without its enum", () => withField({ name: "status", type: "Enum", typeId: "nosuch" }), "form_feedback_enum_required"],
  ["a required read-only field", () => editTable(base(), (o) => ({ ...o, fields: o.fields.map((f) => (f.name === "createdAt" ? { ...f, directives: [{ name: "required" }] } : f)) })), "form_feedback_required_readonly"],
  ["a Json sort field", () => withField({ name: "payload", type: "Json", directives: [{ name: "sortBy" }] }), "form_feedback_sort_field_invalid"],
  ["a table without updatedAt", () => editTable(base(), (o) => ({ ...o, fields: o.fields.filter((f) => f.name !== "updatedAt") })), "error_model_system_fields"],
  ["an id that is not of type ID", () => editTable(base(), (o) => ({ ...o, fields: o.fields.map((f) => (f.name === "id" ? { ...f, type: "String" as const } : f)) })), "error_model_system_field_type"],
  ["two connector fields", () => { const m = withField({ name: "slug", directives: [{ name: "connector" }] }); return addField(m, table(m).id, { name: "code", directives: [{ name: "connector" }] }).model; }, "form_feedback_connector_field"],
  ["a connector that names no field", () => editTable(base(), (o) => ({ ...o, connectorFieldName: "nothing" })), "form_feedback_connector_field"],
  ["a trigger name of two characters", () => withTrigger("ab"), "form_feedback_trigger_name_minlength"],
  ["a trigger without operation types", () => withTrigger("audit", []), "form_feedback_trigger_types_required"],
  ["an enum without values", () => withEnum("Status", []), "form_feedback_enum_values_required"],
  ["an enum name over 64 characters", () => withEnum("E".repeat(65), ["A"]), "form_feedback_name_maxlength"],
  ["an enum value over 64 characters", () => withEnum("Status", ["V".repeat(65)]), "form_feedback_name_maxlength"],
  ["an enum value starting with a digit", () => withEnum("Status", ["1st"]), "form_feedback_enum_value_digit"],
  ["an enum value twice (after trimming)", () => withEnum("Status", ["OPEN", " OPEN "]), "form_feedback_enum_value_uniq"],
  ["two users tables", () => {
    const m = withTable("Customer");
    return { ...m, objectTypes: m.objectTypes.map((o) => ({ ...o, directives: [{ name: "users" as const }] })) };
  }, "error_model_users_table_single"],
  ["no table at all", () => ({ objectTypes: [], enumTypes: [] }), "error_api_create_requires_types"],
  ["a connection to a missing table", () => editTable(base(), (o) => ({ ...o, targets: [{ targetId: "gone00", index: 0 }] })), "error_model_connection_invalid"],
  ["a connection set on one side only", () => {
    const m = withTable("Post");
    return editTable(m, (o) => ({ ...o, targets: [{ targetId: table(m, 1).id, index: 0 }] }));
  }, "error_model_connection_invalid"],
  ["two fields with the same id", () => editTable(base(), (o) => ({ ...o, fields: o.fields.map((f) => (f.name === "createdAt" ? { ...f, id: o.fields[0].id } : f)) })), "error_model_id_uniq"],
];

describe("updateApi refuses a schema that breaks a model rule", () => {
  it.each(BROKEN)("%s", async (_, build, messageId) => {
    const project = await newProject();
    const result = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(build()) } }, owner.token);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId });
    expect(Array.isArray(result.errors?.[0].extensions?.path)).toBe(true);
    expect(await storedSchema(project.id)).toBe(project.schema);
  });

  it.each([
    ["text that is not JSON", "{ objectTypes: "],
    ["JSON of another shape", JSON.stringify({ objectTypes: [{ name: 3 }] })],
  ])("refuses %s as an invalid declaration", async (_, schema) => {
    const project = await newProject();
    const result = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema } }, owner.token);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_model_invalid" });
    expect(await storedSchema(project.id)).toBe(project.schema);
  });

  it("keeps the published users table from being edited or deleted", async () => {
    const project = await newProject();
    const model = JSON.parse(project.schema) as SchemaModel;
    const users = { ...model, objectTypes: model.objectTypes.map((o) => ({ ...o, name: "User", directives: [{ name: "users" as const }] })) };
    const saved = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(users) } }, owner.token);
    expect(saved.errors).toBeUndefined();
    await t.platform.db.updateTable("apis").set({ state: "PUBLISHED" }).where("id", "=", project.id).execute();
    const stored = JSON.parse(await storedSchema(project.id)) as SchemaModel;

    const edited = withField({ name: "nickname" }, stored);
    const refusedEdit = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(edited) } }, owner.token);
    expect(refusedEdit.errors?.[0].extensions?.messageId).toBe("error_model_users_table_locked");

    const deleted = withTable("Other", { ...stored, objectTypes: [] });
    const refusedDelete = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(deleted) } }, owner.token);
    expect(refusedDelete.errors?.[0].extensions?.messageId).toBe("error_model_users_table_locked");

    const selected = { ...stored, objectTypes: stored.objectTypes.map((o) => ({ ...o, selected: true })) };
    const another = withTable("Post", selected);
    const allowed = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(another) } }, owner.token);
    expect(allowed.errors).toBeUndefined();
  });
});

describe("updateApi stores a valid model", () => {
  it("stores tables, fields, enums and connections, normalized", async () => {
    const project = await newProject();
    let model = withEnum("Status", [" DRAFT ", "LIVE"], withTable("Author"));
    const enumId = model.enumTypes[0].id;
    model = addField(model, table(model).id, { name: "title" }).model;
    model = addField(model, table(model).id, { name: "status", type: "Enum", typeId: enumId }).model;
    model = addField(model, table(model).id, { name: "meta", type: "Dynamic" }).model;
    const untyped = addField(model, table(model).id, { name: "draft" });
    model = updateField(untyped.model, table(model).id, untyped.id, { type: null });
    model = addConnection(model, table(model, 1).id, table(model).id, "hasMany");

    const { data, errors } = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(model) } }, owner.token);
    expect(errors).toBeUndefined();
    const stored = JSON.parse(data.updateApi.schema) as SchemaModel;
    expect(stored.objectTypes.map((o) => o.name)).toEqual(["Table1", "Author"]);
    const fields = stored.objectTypes[0].fields;
    expect(fields.map((f) => f.name)).toEqual(["id", "createdAt", "updatedAt", "title", "status", "meta"]);
    const meta = fields.find((f) => f.name === "meta")!;
    expect(meta.type).toBe("String");
    expect(meta.directives.map((d) => d.name)).toContain("dynamic");
    expect(stored.enumTypes[0].values.map((v) => v.name)).toEqual(["DRAFT", "LIVE"]);
    expect(stored.objectTypes[1].targets).toEqual([{ targetId: stored.objectTypes[0].id, index: 0 }]);
    expect(stored.objectTypes[0].parents.first).toEqual({ parentId: stored.objectTypes[1].id, index: 0 });
    expect(await storedSchema(project.id)).toBe(data.updateApi.schema);
  });
});

describe("who may change the model", () => {
  it.each(["GUEST", "CONTENT", "SUPPORT"] as const)("refuses a %s member and stores nothing", async (type) => {
    const project = await newProject();
    const member = await t.signUp(uniqueEmail(type.toLowerCase()));
    await insertRole(t.platform.db, { orgId: owner.orgId, email: member.email, type });
    const result = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(withTable("Post")) } }, member.token);
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await storedSchema(project.id)).toBe(project.schema);
  });

  it("lets a DEV member change the model", async () => {
    const project = await newProject();
    const member = await t.signUp(uniqueEmail("dev"));
    await insertRole(t.platform.db, { orgId: owner.orgId, email: member.email, type: "DEV" });
    const result = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(withTable("Post")) } }, member.token);
    expect(result.errors).toBeUndefined();
  });
});

describe("imported projects", () => {
  it("refuses a model change to an imported project and says it may not edit the model (spec §2: table editing is hidden for imported APIs)", async () => {
    const project = await newProject();
    await t.platform.db.updateTable("apis").set({ creation_type: "IMPORT" }).where("id", "=", project.id).execute();
    const result = await t.graphql(UPDATE_SCHEMA, { input: { id: project.id, schema: JSON.stringify(withTable("Post")) } }, owner.token);
    expect(result.errors?.[0].extensions?.messageId).toBe("error_api_imported_model");
    expect(await storedSchema(project.id)).toBe(project.schema);
    const { data } = await t.graphql(`query ($id: ID!) { api(id: $id) { viewerCanEditModel } }`, { id: project.id }, owner.token);
    expect(data.api.viewerCanEditModel).toBe(false);
  });
});
