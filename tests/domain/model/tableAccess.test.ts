import { describe, expect, it } from "vitest";
import {
  accessGrid,
  accessGroupNames,
  apiKeyReach,
  initialModel,
  modelProblems,
  normalizeModel,
  parseGroupNames,
  setAccessGroups,
  tableAccess,
  toggleTableAccess,
  userReach,
  type Directive,
  type ObjectType,
} from "../../../src/domain/model";

const table = (...directives: Directive[]): ObjectType => ({ ...initialModel().objectTypes[0], directives });
const checked = (objectType: ObjectType) =>
  Object.fromEntries(Object.entries(accessGrid(objectType)).map(([operation, row]) => [operation, [row.owner.checked, row.group.checked, row.public.checked]]));

describe("table access (spec §6: per operation, public read, group, public create/update/delete; the owner always)", () => {
  it("gives a user without public or group rights only their own entries, for every operation", () => {
    const access = tableAccess(table());
    for (const operation of ["read", "create", "update", "delete"] as const) expect(userReach(access, { groups: ["x"] }, operation)).toBe("own");
  });

  it("opens an operation to every signed-in user with its public directive", () => {
    const access = tableAccess(table({ name: "publicRead" }, { name: "publicDelete" }));
    expect(userReach(access, { groups: [] }, "read")).toBe("all");
    expect(userReach(access, { groups: [] }, "delete")).toBe("all");
    expect(userReach(access, { groups: [] }, "update")).toBe("own");
  });

  it("gives members of the named groups the group's operations (all when none are listed)", () => {
    const all = tableAccess(table({ name: "group", args: { groups: ["editors"] } }));
    expect(userReach(all, { groups: ["editors"] }, "update")).toBe("all");
    expect(userReach(all, { groups: ["readers"] }, "update")).toBe("own");
    const readOnly = tableAccess(table({ name: "group", args: { groups: ["editors"], operations: ["read"] } }));
    expect(userReach(readOnly, { groups: ["editors"] }, "read")).toBe("all");
    expect(userReach(readOnly, { groups: ["editors"] }, "delete")).toBe("own");
    // A bare group directive (templates before stripping) names nobody.
    expect(userReach(tableAccess(table({ name: "group" })), { groups: ["editors"] }, "read")).toBe("own");
  });

  it("collects the group names every table's access names, each once and sorted, as the choices for a user's groups", () => {
    const base = initialModel();
    const reports = table({ name: "group", args: { groups: ["editors", "auditors"] } });
    const notes = { ...table({ name: "group", args: { groups: ["editors"] } }), id: "tbl_notes", name: "Note" };
    expect(accessGroupNames({ ...base, objectTypes: [reports, notes, table()] })).toEqual(["auditors", "editors"]);
    expect(accessGroupNames(base)).toEqual([]);
  });

  it("lets an API key beside a user auth mode reach only what is public, and everything otherwise", () => {
    const access = tableAccess(table({ name: "publicRead" }));
    expect(apiKeyReach(access, true, "read")).toBe("all");
    expect(apiKeyReach(access, true, "create")).toBe("none");
    expect(apiKeyReach(access, false, "create")).toBe("all");
  });
});

describe("the access grid of the editor", () => {
  it("shows the owner always checked and disabled", () => {
    for (const row of Object.values(accessGrid(table()))) expect(row.owner).toEqual({ checked: true, disabled: true });
    expect(checked(table())).toEqual({ read: [true, false, false], create: [true, false, false], update: [true, false, false], delete: [true, false, false] });
  });

  it("public read implies group read: turning it on checks and locks group read", () => {
    const next = toggleTableAccess(table(), "read", "public");
    expect(accessGrid(next).read.group).toEqual({ checked: true, disabled: true });
    expect(toggleTableAccess(next, "read", "group")).toBe(next);
    const off = toggleTableAccess(next, "read", "public");
    expect(accessGrid(off).read.group).toEqual({ checked: true, disabled: false });
    expect(accessGrid(off).read.public.checked).toBe(false);
  });

  it("toggles group operations one by one and keeps the group names", () => {
    let next = setAccessGroups(table(), ["editors", "admins"]);
    next = toggleTableAccess(next, "update", "group");
    expect(checked(next).update).toEqual([true, true, false]);
    expect(tableAccess(next).groups).toEqual(["editors", "admins"]);
    expect(next.directives).toEqual([{ name: "group", args: { groups: ["editors", "admins"], operations: ["update"] } }]);
    expect(userReach(tableAccess(next), { groups: ["admins"] }, "update")).toBe("all");
    next = toggleTableAccess(next, "update", "group");
    expect(checked(next).update).toEqual([true, false, false]);
    expect(tableAccess(next).groups).toEqual(["editors", "admins"]);
    expect(setAccessGroups(next, []).directives).toEqual([]);
  });

  it.each(["create", "update", "delete"] as const)("public %s toggles alone", (operation) => {
    const on = toggleTableAccess(table(), operation, "public");
    expect(checked(on)[operation]).toEqual([true, false, true]);
    expect(toggleTableAccess(on, operation, "public").directives).toEqual([]);
  });

  it("reads group names as typed: comma-separated, trimmed, each once", () => {
    expect(parseGroupNames(" editors, admins,, editors ,")).toEqual(["editors", "admins"]);
  });

  it("refuses group names the API could not check (too long, not text, padded)", () => {
    const model = (args: Record<string, unknown>) => ({ ...initialModel(), objectTypes: [table({ name: "group", args })] });
    expect(modelProblems(model({ groups: ["editors"], operations: ["read"] }))).toEqual([]);
    for (const args of [{ groups: ["x".repeat(129)] }, { groups: [3] }, { groups: [" padded"] }, { operations: ["drop"] }, { groups: Array.from({ length: 21 }, (_, i) => `g${i}`) }]) {
      expect(modelProblems(model(args)).map((problem) => problem.messageId)).toEqual(["form_feedback_access_groups"]);
    }
  });
});

describe("normalizing on save", () => {
  it("keeps the group's names and operations, adding read when public read is on", () => {
    const model = { ...initialModel(), objectTypes: [table({ name: "publicRead" }, { name: "group", args: { groups: ["editors"], operations: ["update"] } })] };
    expect(normalizeModel(model).objectTypes[0].directives).toEqual([{ name: "publicRead" }, { name: "group", args: { groups: ["editors"], operations: ["read", "update"] } }]);
    const bare = { ...initialModel(), objectTypes: [table({ name: "publicRead" })] };
    expect(normalizeModel(bare).objectTypes[0].directives).toEqual([{ name: "publicRead" }, { name: "group" }]);
  });
});
