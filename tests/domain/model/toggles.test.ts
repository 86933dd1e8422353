import { describe, expect, it } from "vitest";
import {
  canEditObjectType,
  canEditPermissions,
  initialModel,
  isUsersTable,
  requiredFlags,
  stripTemplateDirectives,
  toggleRequired,
  togglePublishingType,
  type DirectiveName,
  type Field,
  type ObjectType,
  type PublishingType,
  type RequiredFlag,
} from "../../../src/domain/model";

const field = (...names: DirectiveName[]): Field => ({
  id: "f1",
  name: "title",
  type: "String",
  directives: names.map((name) => ({ name })),
});
const names = (f: { directives: { name: string }[] }) => f.directives.map((d) => d.name).sort();

describe("toggleRequired", () => {
  it.each<[string, DirectiveName[], RequiredFlag, string[]]>([
    ["required on", [], "required", ["required"]],
    ["required off", ["required"], "required", []],
    ["required on over some per-operation flags", ["requiredOnCreate"], "required", ["required"]],
    ["one operation on", [], "requiredOnCreate", ["requiredOnCreate"]],
    ["one operation off", ["requiredOnCreate", "requiredOnUpdate"], "requiredOnCreate", ["requiredOnUpdate"]],
    ["the third operation collapses into required", ["requiredOnCreate", "requiredOnUpdate"], "requiredOnDelete", ["required"]],
    ["one operation off a required field keeps the other two", ["required"], "requiredOnUpdate", ["requiredOnCreate", "requiredOnDelete"]],
  ])("%s", (_, before, flag, after) => {
    expect(names(toggleRequired(field(...before), flag))).toEqual(after.sort());
  });
  it("keeps other directives", () => {
    expect(names(toggleRequired(field("unique"), "required"))).toEqual(["required", "unique"]);
  });
  it("cycles through every flag and back to not required", () => {
    let f = field();
    for (const flag of ["requiredOnCreate", "requiredOnUpdate", "requiredOnDelete"] as const) f = toggleRequired(f, flag);
    expect(requiredFlags(f)).toEqual({ required: true, requiredOnCreate: true, requiredOnUpdate: true, requiredOnDelete: true });
    expect(names(f)).toEqual(["required"]);
    expect(requiredFlags(toggleRequired(f, "required"))).toEqual({
      required: false,
      requiredOnCreate: false,
      requiredOnUpdate: false,
      requiredOnDelete: false,
    });
  });
  it.each(["required", "requiredOnCreate"] as const)("never changes a read-only field (%s)", (flag) => {
    const readonly = { ...field(), readonly: true };
    expect(toggleRequired(readonly, flag)).toBe(readonly);
  });
});

describe("togglePublishingType", () => {
  const all = null;
  it.each<[string, PublishingType[] | null | undefined, PublishingType | "all", PublishingType[] | null]>([
    ["all off gives none", all, "all", []],
    ["all off from undefined gives none", undefined, "all", []],
    ["all off from a full list gives none", ["queries", "mutations", "subscriptions"], "all", []],
    ["all on from none", [], "all", all],
    ["all on from some", ["queries"], "all", all],
    ["queries alone off", all, "queries", ["mutations", "subscriptions"]],
    ["queries alone on", [], "queries", ["queries"]],
    ["mutations off removes subscriptions", all, "mutations", ["queries"]],
    ["mutations on keeps the rest", ["queries"], "mutations", ["queries", "mutations"]],
    ["subscriptions alone off", all, "subscriptions", ["queries", "mutations"]],
    ["subscriptions alone on", [], "subscriptions", ["subscriptions"]],
    ["a list of all three collapses to all", ["queries", "subscriptions"], "mutations", all],
  ])("%s", (_, current, toggled, expected) => {
    expect(togglePublishingType(current, toggled)).toEqual(expected);
  });
});

describe("table permissions", () => {
  const table = (...directives: DirectiveName[]): ObjectType => ({
    ...initialModel().objectTypes[0],
    directives: directives.map((name) => ({ name })),
  });

  // The grid itself (accessGrid, toggleTableAccess) is tested in tableAccess.test.ts.
  it.each([
    ["aws_oidc", true],
    ["aws_cognito_user_pools", true],
    ["aws_api_key", false],
    ["aws_iam", false],
    [null, false],
  ])("offers permission editing for %s: %s", (authMode, expected) => {
    expect(canEditPermissions(authMode)).toBe(expected);
  });

  it("locks the users table once published, and only then", () => {
    const users = table("users");
    expect(isUsersTable(users)).toBe(true);
    expect(isUsersTable(table())).toBe(false);
    expect(canEditObjectType(users, true)).toBe(false);
    expect(canEditObjectType(users, false)).toBe(true);
    expect(canEditObjectType(table(), true)).toBe(true);
  });

  it("strips public and group directives from every table when a template is applied", () => {
    const model = initialModel();
    model.objectTypes[0].directives = ["publicRead", "publicCreate", "publicUpdate", "publicDelete", "group", "users"].map(
      (name) => ({ name: name as DirectiveName }),
    );
    const stripped = stripTemplateDirectives(model);
    expect(names(stripped.objectTypes[0])).toEqual(["users"]);
    expect(model.objectTypes[0].directives).toHaveLength(6);
  });
});
