import { describe, expect, it } from "vitest";
import {
  addConnection,
  connectionOptions,
  connectionsOf,
  removeConnection,
  validateModel,
} from "../../../src/domain/model";
import { tables, typeById } from "./fixtures";

describe("addConnection", () => {
  it("has-many puts the target on the parent and the parent on the child", () => {
    const { model: base, ids: [a, b] } = tables(2);
    const model = addConnection(base, a, b, "hasMany");
    expect(typeById(model, a).targets).toEqual([{ targetId: b, index: 0 }]);
    expect(typeById(model, b).parents).toEqual({ first: { parentId: a, index: 0 }, second: null });
    expect(validateModel(model)).toBeNull();
  });
  it("belongs-to is the same connection seen from the child", () => {
    const { model: base, ids: [a, b] } = tables(2);
    expect(addConnection(base, b, a, "belongsTo")).toEqual(addConnection(base, a, b, "hasMany"));
  });
  it("numbers each table's connections in the order they were added", () => {
    const { model: base, ids: [a, b, c, d] } = tables(4);
    let model = addConnection(base, a, b, "hasMany");
    model = addConnection(model, c, a, "hasMany");
    model = addConnection(model, a, d, "hasMany");
    expect(connectionsOf(typeById(model, a))).toEqual([
      { kind: "hasMany", typeId: b, index: 0 },
      { kind: "belongsTo", typeId: c, index: 1 },
      { kind: "hasMany", typeId: d, index: 2 },
    ]);
    expect(connectionsOf(typeById(model, d))).toEqual([{ kind: "belongsTo", typeId: a, index: 0 }]);
  });
  it("fills the second parent slot, then refuses a third parent", () => {
    const { model: base, ids: [a, b, c, d] } = tables(4);
    let model = addConnection(base, a, d, "hasMany");
    model = addConnection(model, b, d, "hasMany");
    expect(typeById(model, d).parents.second).toEqual({ parentId: b, index: 1 });
    expect(addConnection(model, c, d, "hasMany")).toBe(model);
    expect(addConnection(model, d, c, "belongsTo")).toBe(model);
  });
  it.each([
    ["the same table", 0, 0],
    ["a missing table", 0, -1],
  ])("refuses a connection to %s", (_, from, to) => {
    const { model, ids } = tables(2);
    expect(addConnection(model, ids[from], ids[to] ?? "missing", "hasMany")).toBe(model);
  });
  it("refuses a second connection between the same two tables, in either direction", () => {
    const { model: base, ids: [a, b] } = tables(2);
    const model = addConnection(base, a, b, "hasMany");
    expect(addConnection(model, a, b, "hasMany")).toBe(model);
    expect(addConnection(model, b, a, "hasMany")).toBe(model);
    expect(addConnection(model, a, b, "belongsTo")).toBe(model);
  });
});

describe("removeConnection", () => {
  it("removes both sides and renumbers the indexes above the removed one", () => {
    const { model: base, ids: [a, b, c, d] } = tables(4);
    let model = addConnection(base, a, b, "hasMany");
    model = addConnection(model, c, a, "hasMany");
    model = addConnection(model, a, d, "hasMany");
    model = addConnection(model, c, d, "hasMany");
    model = removeConnection(model, a, b);
    expect(typeById(model, b).parents).toEqual({ first: null, second: null });
    expect(connectionsOf(typeById(model, a))).toEqual([
      { kind: "belongsTo", typeId: c, index: 0 },
      { kind: "hasMany", typeId: d, index: 1 },
    ]);
    model = removeConnection(model, d, a);
    expect(connectionsOf(typeById(model, d))).toEqual([{ kind: "belongsTo", typeId: c, index: 0 }]);
    expect(typeById(model, d).parents).toEqual({ first: null, second: { parentId: c, index: 0 } });
    expect(validateModel(model)).toBeNull();
  });
  it("leaves the model as it was when the tables are not connected", () => {
    const { model, ids: [a, b] } = tables(2);
    expect(removeConnection(model, a, b)).toEqual(model);
  });
});

describe("connectionOptions", () => {
  it("offers both kinds to every other table of a fresh model", () => {
    const { model, ids: [a, b, c] } = tables(3);
    expect(connectionOptions(model, a)).toEqual({
      hasMany: true,
      belongsTo: true,
      targets: [b, c],
      hasManyTargets: [b, c],
      belongsToTargets: [b, c],
    });
  });
  it("offers nothing to a single table", () => {
    const { model, ids: [a] } = tables(1);
    expect(connectionOptions(model, a)).toMatchObject({ hasMany: false, belongsTo: false, targets: [] });
  });
  it("offers nothing once the table is connected to every other table", () => {
    const { model: base, ids: [a, b, c] } = tables(3);
    const model = addConnection(addConnection(base, a, b, "hasMany"), c, a, "hasMany");
    expect(connectionOptions(model, a)).toMatchObject({ hasMany: false, belongsTo: false, targets: [] });
  });
  it("disables belongs-to for a table with two parents", () => {
    const { model: base, ids: [a, b, c, d] } = tables(4);
    const model = addConnection(addConnection(base, b, a, "hasMany"), c, a, "hasMany");
    expect(connectionOptions(model, a)).toEqual({
      hasMany: true,
      belongsTo: false,
      targets: [d],
      hasManyTargets: [d],
      belongsToTargets: [],
    });
  });
  it("disables has-many when every unconnected table already has two parents", () => {
    const { model: base, ids: [a, b, c, d] } = tables(4);
    const model = addConnection(addConnection(base, b, d, "hasMany"), c, d, "hasMany");
    expect(connectionOptions(model, a)).toMatchObject({ hasMany: true, hasManyTargets: [b, c], belongsToTargets: [b, c, d] });
    const full = addConnection(addConnection(model, b, a, "hasMany"), c, a, "hasMany");
    expect(connectionOptions(full, a)).toEqual({
      hasMany: false,
      belongsTo: false,
      targets: [],
      hasManyTargets: [],
      belongsToTargets: [],
    });
  });
});
