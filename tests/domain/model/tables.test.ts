import { describe, expect, it } from "vitest";
import {
  addConnection,
  addField,
  addObjectType,
  duplicateObjectType,
  initialModel,
  removeField,
  removeObjectType,
  renameObjectType,
  setConnector,
  toggleSortBy,
  updateField,
  validateModel,
  type Field,
  type SchemaModel,
} from "../../../src/domain/model";
import { blog, copy, fieldByName, tables, typeById } from "./fixtures";

describe("initialModel", () => {
  it("is one table Table1 with read-only id (ID), createdAt and updatedAt (String), sorted by updatedAt", () => {
    const model = initialModel();
    expect(model.enumTypes).toEqual([]);
    expect(model.objectTypes).toHaveLength(1);
    const [table] = model.objectTypes;
    expect(table).toMatchObject({ name: "Table1", connectorFieldName: "id", targets: [], resolvers: [], directives: [] });
    expect(table.fields.map((f) => [f.name, f.type, f.readonly])).toEqual([
      ["id", "ID", true],
      ["createdAt", "String", true],
      ["updatedAt", "String", true],
    ]);
    expect(table.fields[2].directives).toEqual([{ name: "sortBy" }]);
  });
  it("gets fresh 6-character ids each time", () => {
    const ids = [initialModel(), initialModel()].flatMap((m) => [m.objectTypes[0].id, ...m.objectTypes[0].fields.map((f) => f.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{6}$/);
  });
});

describe("addObjectType", () => {
  it("appends NewTableN with N one above the highest existing", () => {
    let model = initialModel();
    model = addObjectType(model).model;
    expect(model.objectTypes.map((t) => t.name)).toEqual(["Table1", "NewTable1"]);
    model = renameObjectType(model, model.objectTypes[1].id, "NewTable7");
    model = addObjectType(model).model;
    expect(model.objectTypes.at(-1)!.name).toBe("NewTable8");
  });
  it("uses the given name and returns the new table's id with the three system fields", () => {
    const { model, id } = addObjectType(initialModel(), "Invoice");
    expect(typeById(model, id).name).toBe("Invoice");
    expect(typeById(model, id).fields.map((f) => f.name)).toEqual(["id", "createdAt", "updatedAt"]);
    expect(validateModel(model)).toBeNull();
  });
  it("does not change the model it was given", () => {
    const before = initialModel();
    const snapshot = copy(before);
    addObjectType(before);
    expect(before).toEqual(snapshot);
  });
});

describe("duplicateObjectType", () => {
  it("names copies Copy, Copy2, Copy3 and places each after the original", () => {
    let model = initialModel();
    const id = model.objectTypes[0].id;
    for (let i = 0; i < 3; i++) model = duplicateObjectType(model, id).model;
    expect(model.objectTypes.map((t) => t.name)).toEqual(["Table1", "Table1Copy3", "Table1Copy2", "Table1Copy"]);
    expect(validateModel(model)).toBeNull();
  });
  it("gives the copy fresh ids and no parents or targets", () => {
    const { model, authorId, postId } = blog();
    const { model: copied, id } = duplicateObjectType(model, postId);
    const original = typeById(copied, postId);
    const duplicate = typeById(copied, id);
    expect(duplicate.name).toBe("PostCopy");
    expect(id).not.toBe(postId);
    expect(duplicate.fields.map((f) => f.name)).toEqual(original.fields.map((f) => f.name));
    for (const [i, f] of duplicate.fields.entries()) expect(f.id).not.toBe(original.fields[i].id);
    expect(duplicate.resolvers[0].id).not.toBe(original.resolvers[0].id);
    expect(duplicate.targets).toEqual([]);
    expect(duplicate.parents).toEqual({ first: null, second: null });
    expect(typeById(copied, authorId).targets).toHaveLength(1);
    expect(validateModel(copied)).toBeNull();
  });
  it("does not copy the users role", () => {
    const model: SchemaModel = copy(initialModel());
    const table = model.objectTypes[0];
    table.directives.push({ name: "users" });
    table.fields.push({ id: "mail", name: "email", type: "Email", directives: [{ name: "userEmail" }, { name: "unique" }] });
    const { model: copied, id } = duplicateObjectType(model, table.id);
    expect(typeById(copied, id).directives).toEqual([]);
    expect(fieldByName(copied, id, "email").directives).toEqual([{ name: "unique" }]);
    expect(validateModel(copied)).toBeNull();
  });
});

describe("removeObjectType", () => {
  it("removes the table and its connections on the other side, renumbering their indexes", () => {
    const { model: base, ids } = tables(4);
    const [a, b, c, d] = ids;
    let model = addConnection(base, a, b, "hasMany");
    model = addConnection(model, a, c, "hasMany");
    model = addConnection(model, d, a, "hasMany");
    model = removeObjectType(model, b);
    expect(model.objectTypes.map((t) => t.id)).toEqual([a, c, d]);
    expect(typeById(model, a).targets).toEqual([{ targetId: c, index: 0 }]);
    expect(typeById(model, a).parents.first).toEqual({ parentId: d, index: 1 });
    expect(validateModel(model)).toBeNull();
  });
});

describe("renameObjectType", () => {
  it("renames only that table", () => {
    const { model, authorId, postId } = blog();
    const renamed = renameObjectType(model, postId, "Article");
    expect(typeById(renamed, postId).name).toBe("Article");
    expect(typeById(renamed, authorId).name).toBe("Author");
  });
});

describe("addField", () => {
  it("appends newFieldN of type String with N one above the highest existing", () => {
    let model = initialModel();
    const typeId = model.objectTypes[0].id;
    model = addField(model, typeId).model;
    model = addField(model, typeId).model;
    expect(model.objectTypes[0].fields.slice(3).map((f) => [f.name, f.type])).toEqual([
      ["newField1", "String"],
      ["newField2", "String"],
    ]);
    const renamed = updateField(model, typeId, model.objectTypes[0].fields[3].id, { name: "newField9" });
    const { model: next, id } = addField(renamed, typeId);
    expect(typeById(next, typeId).fields.find((f) => f.id === id)!.name).toBe("newField10");
  });
  it("takes the given settings and derives the list/enum/boolean flags", () => {
    const { model, postId } = blog();
    const { model: next, id } = addField(model, postId, { name: "tags", type: "ListString" });
    expect(typeById(next, postId).fields.find((f) => f.id === id)).toMatchObject({
      name: "tags",
      type: "ListString",
      readonly: false,
      isList: true,
      isEnum: false,
      isBoolean: false,
    });
  });
});

describe("updateField", () => {
  it("changes a user field and recomputes its flags when the type changes", () => {
    const { model, postId } = blog();
    const status = fieldByName(model, postId, "status");
    const next = updateField(model, postId, status.id, { type: "Boolean" });
    expect(fieldByName(next, postId, "status")).toMatchObject({ type: "Boolean", typeId: null, isEnum: false, isBoolean: true });
  });
  it("drops the sort flag when the new type cannot be sorted", () => {
    const { model, postId } = blog();
    const title = fieldByName(model, postId, "title");
    let next = updateField(model, postId, title.id, { directives: [{ name: "sortBy" }] });
    next = updateField(next, postId, title.id, { type: "Json" });
    expect(fieldByName(next, postId, "title").directives).toEqual([]);
  });
  it.each(["id", "createdAt", "updatedAt"])("changes only the label of the read-only field %s", (name) => {
    const { model, postId } = blog();
    const system = fieldByName(model, postId, name);
    const next = updateField(model, postId, system.id, {
      name: "renamed",
      type: "Integer",
      readonly: false,
      directives: [{ name: "required" }],
      label: "Shown",
    });
    expect(typeById(next, postId).fields.find((f) => f.id === system.id)).toEqual({ ...system, label: "Shown" });
  });
  it("keeps connectorFieldName on the connector when it is renamed", () => {
    const { model, postId } = blog();
    const title = fieldByName(model, postId, "title");
    let next = setConnector(model, postId, title.id);
    next = updateField(next, postId, title.id, { name: "headline" });
    expect(typeById(next, postId).connectorFieldName).toBe("headline");
    expect(validateModel(next)).toBeNull();
  });
});

describe("removeField", () => {
  it("removes a user field", () => {
    const { model, postId } = blog();
    const next = removeField(model, postId, fieldByName(model, postId, "title").id);
    expect(typeById(next, postId).fields.map((f) => f.name)).toEqual(["id", "createdAt", "updatedAt", "status"]);
  });
  it.each(["id", "createdAt", "updatedAt"])("keeps the read-only field %s", (name) => {
    const { model, postId } = blog();
    expect(removeField(model, postId, fieldByName(model, postId, name).id)).toEqual(model);
  });
  it("falls back to id as connector when the connector field is removed", () => {
    const { model, postId } = blog();
    const title = fieldByName(model, postId, "title");
    const next = removeField(setConnector(model, postId, title.id), postId, title.id);
    expect(typeById(next, postId).connectorFieldName).toBe("id");
    expect(validateModel(next)).toBeNull();
  });
});

describe("setConnector", () => {
  it("makes exactly one field the connector, and id the default without a directive", () => {
    const { model, postId } = blog();
    const title = fieldByName(model, postId, "title");
    const status = fieldByName(model, postId, "status");
    let next = setConnector(setConnector(model, postId, title.id), postId, status.id);
    const connectors = typeById(next, postId).fields.filter((f) => f.directives.some((d) => d.name === "connector"));
    expect(connectors.map((f) => f.name)).toEqual(["status"]);
    expect(typeById(next, postId).connectorFieldName).toBe("status");
    next = setConnector(next, postId, fieldByName(next, postId, "id").id);
    expect(typeById(next, postId).connectorFieldName).toBe("id");
    expect(typeById(next, postId).fields.some((f) => f.directives.some((d) => d.name === "connector"))).toBe(false);
  });
});

describe("toggleSortBy", () => {
  it("turns the sort flag on and off for a sortable field", () => {
    const { model, postId } = blog();
    const title = fieldByName(model, postId, "title");
    const on = toggleSortBy(title);
    expect(on.directives).toEqual([{ name: "sortBy" }]);
    expect(toggleSortBy(on).directives).toEqual([]);
  });
  it("cannot unset the default sort of updatedAt", () => {
    const model = initialModel();
    const updatedAt = fieldByName(model, model.objectTypes[0].id, "updatedAt");
    expect(toggleSortBy(updatedAt)).toBe(updatedAt);
    expect(updatedAt.directives).toEqual([{ name: "sortBy" }]);
  });
  it.each<[string, Omit<Field, "id">]>([
    ["id", { name: "id", type: "ID", readonly: true, directives: [] }],
    ["createdAt", { name: "createdAt", type: "String", readonly: true, directives: [] }],
    ["a list", { name: "tags", type: "ListFloat", directives: [] }],
    ["a Json field", { name: "meta", type: "Json", directives: [] }],
    ["a dynamic field", { name: "extra", type: "String", directives: [{ name: "dynamic" }] }],
  ])("leaves %s unsortable", (_, settings) => {
    const field: Field = { id: "f1", ...settings };
    expect(toggleSortBy(field)).toBe(field);
  });
});
