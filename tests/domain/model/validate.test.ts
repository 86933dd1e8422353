import { describe, expect, it } from "vitest";
import {
  RESERVED_FIELD_NAMES,
  RESERVED_TYPE_NAMES,
  initialModel,
  modelProblems,
  validateModel,
  type Field,
  type SchemaModel,
} from "../../../src/domain/model";
import { blog, copy } from "./fixtures";

const base = () => blog();
const post = (model: SchemaModel) => model.objectTypes[1];
const field = (name: string, extra: Partial<Field> = {}): Field => ({ id: `f_${name}_${Math.random()}`, name, type: "String", directives: [], ...extra });

/** Breaks a copy of the valid blog model and returns what validateModel says. */
function broken(change: (model: SchemaModel) => void) {
  const model = copy(base().model);
  change(model);
  return validateModel(model);
}

describe("validateModel accepts", () => {
  it("the initial model", () => {
    expect(validateModel(initialModel())).toBeNull();
  });
  it("a blog with tables, an enum, a connection and a trigger", () => {
    expect(modelProblems(base().model)).toEqual([]);
  });
  it("untyped fields whatever their name, since they are dropped on save", () => {
    expect(broken((m) => post(m).fields.push(field("", { type: null })))).toBeNull();
  });
  it("an enum name of exactly 64 characters", () => {
    expect(broken((m) => (m.enumTypes[0].name = "E".repeat(64)))).toBeNull();
  });
  it("an enum value with surrounding spaces (it is trimmed)", () => {
    expect(broken((m) => (m.enumTypes[0].values[0].name = "  ARCHIVED "))).toBeNull();
  });
});

describe("validateModel refuses", () => {
  it("a model without tables", () => {
    expect(broken((m) => (m.objectTypes = []))).toEqual({ messageId: "error_api_create_requires_types", path: ["objectTypes"] });
  });

  const reservedTypeNames = RESERVED_TYPE_NAMES.flatMap((name) => [name, name.toLowerCase(), name.toUpperCase()]);
  it.each(reservedTypeNames)("the reserved table name %s", (name) => {
    expect(broken((m) => (post(m).name = name))).toEqual({
      messageId: "form_feedback_type_name_reserved",
      path: ["objectTypes", 1, "name"],
    });
  });
  it.each(["FileDocument", "cloudfunction", "String", "ID"])("the built-in name %s for a table", (name) => {
    expect(broken((m) => (post(m).name = name))?.messageId).toBe("form_feedback_type_name_reserved");
  });
  it.each(["Query", "activity"])("the reserved name %s for an enum", (name) => {
    expect(broken((m) => (m.enumTypes[0].name = name))).toMatchObject({
      messageId: "form_feedback_type_name_reserved",
      path: ["enumTypes", 0, "name"],
    });
  });

  it.each(["Author", "author", "AUTHOR"])("a second table named %s", (name) => {
    expect(broken((m) => (post(m).name = name))).toEqual({
      messageId: "form_feedback_type_name_uniq",
      path: ["objectTypes", 1, "name"],
    });
  });
  it("an enum named like a table", () => {
    expect(broken((m) => (m.enumTypes[0].name = "post"))).toMatchObject({
      messageId: "form_feedback_type_name_uniq",
      path: ["enumTypes", 0, "name"],
    });
  });

  it.each(["", "P"])("the table name %j as too short", (name) => {
    expect(broken((m) => (post(m).name = name))).toEqual({
      messageId: "form_feedback_name_minlength",
      path: ["objectTypes", 1, "name"],
      values: { min: 2 },
    });
  });
  it.each(["Blog Post", "Post-1", "9Lives", "Größe", "__Meta"])("the table name %j with characters GraphQL cannot use", (name) => {
    expect(broken((m) => (post(m).name = name))?.messageId).toBe("form_feedback_name_pattern");
  });

  it.each(["", "x"])("the field name %j as too short", (name) => {
    expect(broken((m) => post(m).fields.push(field(name)))).toMatchObject({
      messageId: "form_feedback_field_name",
      path: ["objectTypes", 1, "fields", 5, "name"],
    });
  });
  it.each(["title", "Title", "TITLE"])("a second field named %s in the same table", (name) => {
    expect(broken((m) => post(m).fields.push(field(name)))).toMatchObject({
      messageId: "form_feedback_field_name",
      path: ["objectTypes", 1, "fields", 5, "name"],
    });
  });
  it("nothing when two tables have a field of the same name", () => {
    expect(broken((m) => m.objectTypes[0].fields.push(field("title")))).toBeNull();
  });
  it.each(["first name", "1st", "näme"])("the field name %j with characters GraphQL cannot use", (name) => {
    expect(broken((m) => post(m).fields.push(field(name)))?.messageId).toBe("form_feedback_name_pattern");
  });

  const reservedFieldNames = RESERVED_FIELD_NAMES.flatMap((name) => [name, name.toUpperCase()]);
  it.each(reservedFieldNames)("the reserved field name %s on a user field", (name) => {
    expect(broken((m) => post(m).fields.push(field(name)))).toEqual({
      messageId: "form_feedback_reserved_field_name",
      path: ["objectTypes", 1, "fields", 5, "name"],
    });
  });

  it.each(["id", "createdAt", "updatedAt"])("a table without the read-only field %s", (name) => {
    const problem = broken((m) => (post(m).fields = post(m).fields.filter((f) => f.name !== name)));
    expect(problem).toEqual({ messageId: "error_model_system_fields", path: ["objectTypes", 1, "fields"], values: { field: name } });
  });
  it("a system field that is not read-only", () => {
    const model = copy(base().model);
    post(model).fields.find((f) => f.name === "updatedAt")!.readonly = false;
    expect(modelProblems(model).map((p) => p.messageId)).toEqual([
      "form_feedback_reserved_field_name",
      "error_model_system_fields",
    ]);
  });
  it("an id field of another type than ID", () => {
    expect(broken((m) => (post(m).fields[0].type = "String"))).toEqual({
      messageId: "error_model_system_field_type",
      path: ["objectTypes", 1, "fields", 0, "type"],
      values: { field: "id", type: "ID" },
    });
  });

  it.each([
    ["no enum", null],
    ["a removed enum", "gone"],
  ])("an enum field pointing at %s", (_, typeId) => {
    expect(broken((m) => (post(m).fields[4].typeId = typeId))).toEqual({
      messageId: "form_feedback_enum_required",
      path: ["objectTypes", 1, "fields", 4, "typeId"],
    });
  });

  it.each(["required", "requiredOnCreate", "requiredOnUpdate", "requiredOnDelete"] as const)(
    "the %s directive on a read-only field",
    (name) => {
      expect(broken((m) => post(m).fields[1].directives.push({ name }))).toEqual({
        messageId: "form_feedback_required_readonly",
        path: ["objectTypes", 1, "fields", 1, "directives"],
      });
    },
  );

  it.each([
    ["id", { name: "id", type: "ID", readonly: true }],
    ["createdAt", { name: "createdAt", readonly: true }],
    ["a ListString", { name: "tags", type: "ListString" }],
    ["a ListInteger", { name: "scores", type: "ListInteger" }],
    ["a Json", { name: "meta", type: "Json" }],
    ["a Dynamic", { name: "extra", type: "Dynamic" }],
    ["a stored dynamic", { name: "extra", type: "String", directives: [{ name: "dynamic" }] }],
  ] as const)("%s field as sort field", (_, settings) => {
    const model = copy(base().model);
    const sortField = { ...field(settings.name), ...settings, directives: [...("directives" in settings ? settings.directives : []), { name: "sortBy" as const }] };
    const existing = post(model).fields.findIndex((f) => f.name === settings.name);
    if (existing >= 0) post(model).fields[existing] = { ...post(model).fields[existing], ...sortField, id: post(model).fields[existing].id };
    else post(model).fields.push(sortField);
    expect(modelProblems(model)).toContainEqual({
      messageId: "form_feedback_sort_field_invalid",
      path: ["objectTypes", 1, "fields", existing >= 0 ? existing : 5, "directives"],
    });
  });
  it.each(["String", "Integer", "DateTime", "Enum"] as const)("nothing when a %s field is a sort field", (type) => {
    expect(broken((m) => post(m).fields.push(field("sorted", { type, typeId: "status", directives: [{ name: "sortBy" }] })))).toBeNull();
  });

  it.each(["", "ab", "  ab  "])("the trigger name %j", (name) => {
    expect(broken((m) => (post(m).resolvers[0].name = name))).toEqual({
      messageId: "form_feedback_trigger_name_minlength",
      path: ["objectTypes", 1, "resolvers", 0, "name"],
      values: { min: 3 },
    });
  });
  it("a trigger without operation types", () => {
    expect(broken((m) => (post(m).resolvers[0].types = []))).toEqual({
      messageId: "form_feedback_trigger_types_required",
      path: ["objectTypes", 1, "resolvers", 0, "types"],
    });
  });
  it("a trigger that reacts to no data change (only list and object)", () => {
    expect(broken((m) => (post(m).resolvers[0].types = ["list", "listByParent", "object"]))).toEqual({
      messageId: "form_feedback_trigger_data_change_required",
      path: ["objectTypes", 1, "resolvers", 0, "types"],
    });
  });

  it("an enum name over 64 characters", () => {
    expect(broken((m) => (m.enumTypes[0].name = "E".repeat(65)))).toEqual({
      messageId: "form_feedback_name_maxlength",
      path: ["enumTypes", 0, "name"],
      values: { max: 64 },
    });
  });
  it("an unnamed enum", () => {
    expect(broken((m) => (m.enumTypes[0].name = ""))?.messageId).toBe("form_feedback_name_minlength");
  });
  it("an enum without values", () => {
    expect(broken((m) => (m.enumTypes[0].values = []))).toEqual({
      messageId: "form_feedback_enum_values_required",
      path: ["enumTypes", 0, "values"],
    });
  });
  it.each([
    ["an empty value", "", "form_feedback_enum_value_required"],
    ["a value of spaces", "   ", "form_feedback_enum_value_required"],
    ["a value over 64 characters", "V".repeat(65), "form_feedback_name_maxlength"],
    ["a value starting with a digit", "1ST", "form_feedback_enum_value_digit"],
    ["a value starting with a digit after spaces", " 2ND", "form_feedback_enum_value_digit"],
    ["a repeated value", "DRAFT", "form_feedback_enum_value_uniq"],
    ["a repeated value with spaces", " DRAFT ", "form_feedback_enum_value_uniq"],
  ])("%s in an enum", (_, value, messageId) => {
    expect(broken((m) => m.enumTypes[0].values.push({ name: value }))).toMatchObject({
      messageId,
      path: ["enumTypes", 0, "values", 2, "name"],
    });
  });

  it("a connection to a table that does not exist", () => {
    expect(broken((m) => m.objectTypes[0].targets.push({ targetId: "nowhere", index: 1 }))).toEqual({
      messageId: "error_model_connection_invalid",
      path: ["objectTypes", 0, "targets", 1],
    });
  });
  it("a has-many without the belongs-to on the other side", () => {
    expect(broken((m) => (post(m).parents = { first: null, second: null }))).toEqual({
      messageId: "error_model_connection_invalid",
      path: ["objectTypes", 0, "targets", 0],
    });
  });
  it("a belongs-to without the has-many on the other side", () => {
    expect(broken((m) => (m.objectTypes[0].targets = []))).toEqual({
      messageId: "error_model_connection_invalid",
      path: ["objectTypes", 1, "parents", "first"],
    });
  });
  it("a table connected to itself", () => {
    const model = copy(base().model);
    const author = model.objectTypes[0];
    author.targets.push({ targetId: author.id, index: 1 });
    author.parents.first = { parentId: author.id, index: 2 };
    expect(validateModel(model)?.messageId).toBe("error_model_connection_invalid");
  });
  it("two connections between the same tables, and more connections than other tables", () => {
    const model = copy(base().model);
    const [author, p] = model.objectTypes;
    author.targets.push({ targetId: p.id, index: 1 });
    p.parents.second = { parentId: author.id, index: 1 };
    expect(modelProblems(model)).toEqual([
      { messageId: "error_model_connection_invalid", path: ["objectTypes", 0, "targets", 1] },
      { messageId: "error_model_too_many_connections", path: ["objectTypes", 0, "targets"], values: { max: 1 } },
      { messageId: "error_model_connection_invalid", path: ["objectTypes", 1, "parents", "second"] },
      { messageId: "error_model_too_many_connections", path: ["objectTypes", 1, "targets"], values: { max: 1 } },
    ]);
  });

  it("two connector fields in one table", () => {
    const model = copy(base().model);
    post(model).fields[3].directives.push({ name: "connector" });
    post(model).fields.push(field("slug", { directives: [{ name: "connector" }] }));
    expect(validateModel(model)).toEqual({
      messageId: "form_feedback_connector_field",
      path: ["objectTypes", 1, "fields", 5, "directives"],
    });
  });
  it("a connector field name that names no field", () => {
    expect(broken((m) => (post(m).connectorFieldName = "slug"))).toEqual({
      messageId: "form_feedback_connector_field",
      path: ["objectTypes", 1, "connectorFieldName"],
    });
  });

  it("a second users table", () => {
    const model = copy(base().model);
    model.objectTypes[0].directives.push({ name: "users" });
    post(model).directives.push({ name: "users" });
    expect(validateModel(model)).toEqual({ messageId: "error_model_users_table_single", path: ["objectTypes", 1, "directives"] });
  });

  it("two tables with the same id", () => {
    expect(modelProblems(copy(base().model)).length).toBe(0);
    const model = copy(base().model);
    post(model).id = model.objectTypes[0].id;
    expect(modelProblems(model)).toContainEqual({ messageId: "error_model_id_uniq", path: ["objectTypes", 1, "id"] });
  });
  it("two fields of a table with the same id", () => {
    const model = copy(base().model);
    post(model).fields[4].id = post(model).fields[3].id;
    expect(validateModel(model)).toEqual({ messageId: "error_model_id_uniq", path: ["objectTypes", 1, "fields", 4, "id"] });
  });
});

describe("modelProblems", () => {
  it("lists every broken rule, not just the first", () => {
    const model = copy(base().model);
    post(model).name = "Query";
    post(model).fields.push(field("pk"));
    model.enumTypes[0].values.push({ name: "9" });
    expect(modelProblems(model).map((p) => p.messageId)).toEqual([
      "form_feedback_type_name_reserved",
      "form_feedback_reserved_field_name",
      "form_feedback_enum_value_digit",
    ]);
  });
});
