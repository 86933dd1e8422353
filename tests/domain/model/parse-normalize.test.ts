import { describe, expect, it } from "vitest";
import {
  initialModel,
  normalizeModel,
  typeOperations,
  validateModel,
  type DirectiveName,
  type Field,
  type SchemaModel,
} from "../../../src/domain/model";
import { parseModel } from "../../../src/domain/model/parse";
import { blog, copy, fieldByName, typeById } from "./fixtures";

describe("parseModel", () => {
  it("reads a stored model back unchanged, from text or from a value", () => {
    const { model } = blog();
    expect(parseModel(JSON.stringify(model))).toEqual({ model });
    expect(parseModel(model)).toEqual({ model });
  });
  it("fills the empty lists a generated declaration leaves out", () => {
    const result = parseModel({
      objectTypes: [{ id: "t1", name: "Post", fields: [{ id: "f1", name: "id", type: "ID", readonly: true }] }],
    });
    expect(result).toEqual({
      model: {
        enumTypes: [],
        objectTypes: [
          {
            id: "t1",
            name: "Post",
            directives: [],
            resolvers: [],
            targets: [],
            parents: {},
            fields: [{ id: "f1", name: "id", type: "ID", readonly: true, directives: [] }],
          },
        ],
      },
    });
  });
  it("refuses text that is not JSON", () => {
    const result = parseModel("{objectTypes:");
    expect(result).toMatchObject({ problem: { messageId: "error_model_invalid", path: [] } });
  });
  it.each<[string, unknown, (string | number)[]]>([
    ["no object", "null", []],
    ["an unknown field type", { objectTypes: [{ id: "t", name: "Post", fields: [{ id: "f", name: "x", type: "Text" }] }] }, ["objectTypes", 0, "fields", 0, "type"]],
    ["an unknown directive", { objectTypes: [{ id: "t", name: "Post", fields: [], directives: [{ name: "secret" }] }] }, ["objectTypes", 0, "directives", 0, "name"]],
    ["a table without id", { objectTypes: [{ name: "Post", fields: [] }] }, ["objectTypes", 0, "id"]],
    ["an unknown trigger runtime", { objectTypes: [{ id: "t", name: "P", fields: [], resolvers: [{ id: "r", name: "abc", step: "before", runtime: "php", types: [] }] }] }, ["objectTypes", 0, "resolvers", 0, "runtime"]],
  ])("refuses %s, saying where", (_, input, path) => {
    const result = parseModel(input);
    expect("problem" in result && result.problem).toMatchObject({ messageId: "error_model_invalid", path });
    expect("problem" in result && typeof result.problem.values?.detail).toBe("string");
  });
});

const directiveNames = (f: { directives: { name: string }[] }) => f.directives.map((d) => d.name);

describe("normalizeModel", () => {
  function withFields(...fields: Partial<Field>[]) {
    const model = initialModel();
    const table = model.objectTypes[0];
    fields.forEach((f, i) => table.fields.push({ id: `f${i}`, name: `field${i}`, type: "String", directives: [], ...f }));
    return { model, typeId: table.id };
  }

  it("drops fields with no type", () => {
    const { model, typeId } = withFields({ type: null }, { type: undefined }, { name: "kept" });
    expect(typeById(normalizeModel(model), typeId).fields.map((f) => f.name)).toEqual(["id", "createdAt", "updatedAt", "kept"]);
  });
  it("stores a dynamic field as a String with the dynamic directive", () => {
    const { model, typeId } = withFields({ name: "extra", type: "Dynamic" });
    expect(fieldByName(normalizeModel(model), typeId, "extra")).toMatchObject({ type: "String", directives: [{ name: "dynamic" }] });
  });
  it("collapses the three per-operation required flags into required", () => {
    const { model, typeId } = withFields({
      name: "title",
      directives: (["requiredOnDelete", "requiredOnCreate", "requiredOnUpdate", "unique"] as DirectiveName[]).map((name) => ({ name })),
    });
    expect(directiveNames(fieldByName(normalizeModel(model), typeId, "title"))).toEqual(["unique", "required"]);
  });
  it("drops per-operation flags beside required", () => {
    const { model, typeId } = withFields({ name: "title", directives: [{ name: "required" }, { name: "requiredOnCreate" }] });
    expect(directiveNames(fieldByName(normalizeModel(model), typeId, "title"))).toEqual(["required"]);
  });
  it("collapses the create, update and delete operations into one create entry", () => {
    const model = initialModel();
    model.objectTypes[0].directives = [{ name: "update" }, { name: "create" }, { name: "delete" }];
    const table = normalizeModel(model).objectTypes[0];
    expect(table.directives).toEqual([{ name: "create", args: { operations: ["create", "update", "delete"] } }]);
    expect(typeOperations(table)).toEqual(["create", "update", "delete"]);
    model.objectTypes[0].directives = [{ name: "delete" }, { name: "create" }];
    expect(typeOperations(normalizeModel(model).objectTypes[0])).toEqual(["create", "delete"]);
  });
  it.each([
    [["queries", "mutations", "subscriptions"], undefined],
    [["subscriptions", "queries"], ["queries", "subscriptions"]],
    [[], []],
    [null, undefined],
  ] as const)("stores publishing types %j as %j (absent = all)", (stored, expected) => {
    const model = initialModel();
    model.objectTypes[0].publishingTypes = stored === null ? null : [...stored];
    expect(normalizeModel(model).objectTypes[0].publishingTypes).toEqual(expected);
  });
  it("adds group to a table with public read", () => {
    const model = initialModel();
    model.objectTypes[0].directives = [{ name: "publicRead" }];
    expect(directiveNames(normalizeModel(model).objectTypes[0])).toEqual(["publicRead", "group"]);
  });
  it("restores updatedAt's default sort", () => {
    const model = initialModel();
    model.objectTypes[0].fields[2].directives = [];
    expect(normalizeModel(model).objectTypes[0].fields[2].directives).toEqual([{ name: "sortBy" }]);
  });
  it("derives the field flags and drops enum references from non-enum fields", () => {
    const { model, typeId } = withFields({ name: "tags", type: "ListString", typeId: "status", isEnum: true });
    expect(fieldByName(normalizeModel(model), typeId, "tags")).toMatchObject({ isList: true, isEnum: false, isBoolean: false, typeId: null });
  });
  it("trims enum values and drops empty ones", () => {
    const { model } = blog();
    model.enumTypes[0].values = [{ name: " DRAFT " }, { name: "" }, { name: "  " }, { name: "DONE" }];
    expect(normalizeModel(model).enumTypes[0].values).toEqual([{ name: "DRAFT" }, { name: "DONE" }]);
  });
  it("renumbers connection indexes from 0, keeping their order", () => {
    const { model, authorId, postId } = blog();
    const broken = copy(model);
    typeById(broken, authorId).targets[0].index = 7;
    typeById(broken, postId).parents.first!.index = 3;
    expect(normalizeModel(broken)).toEqual(normalizeModel(model));
    expect(typeById(normalizeModel(broken), authorId).targets[0].index).toBe(0);
  });
  it("points connectorFieldName at the field with the connector directive", () => {
    const { model, typeId } = withFields({ name: "slug", directives: [{ name: "connector" }] });
    expect(typeById(normalizeModel(model), typeId).connectorFieldName).toBe("slug");
  });
  it("is idempotent and keeps a valid model valid", () => {
    const { model } = blog();
    const once = normalizeModel(model);
    expect(normalizeModel(once)).toEqual(once);
    expect(validateModel(once)).toBeNull();
  });
  it("does not change the model it was given", () => {
    const { model } = blog();
    const snapshot: SchemaModel = copy(model);
    normalizeModel(model);
    expect(model).toEqual(snapshot);
  });
  it("tolerates an invalid model, so the server can normalize before validating", () => {
    const model = copy(blog().model);
    model.objectTypes[0].targets.push({ targetId: "missing", index: 4 });
    model.objectTypes[1].fields = [];
    expect(() => normalizeModel(model)).not.toThrow();
  });
});
