import { describe, expect, it } from "vitest";
import { addField, addObjectType, initialModel, type SchemaModel } from "../../../src/domain/model";
import { hasDirective } from "../../../src/domain/model/directives";
import { hasUsableUsersTable } from "../../../src/domain/publish/readiness";
import { applyUsersTableChoice, emailFieldOptions, passwordFieldOptions } from "../../../src/domain/publish/usersTable";

const tableNamed = (model: SchemaModel, name: string) => model.objectTypes.find((objectType) => objectType.name === name)!;
const applied = (result: ReturnType<typeof applyUsersTableChoice>) => {
  if (!("model" in result)) throw new Error(result.problem);
  return result.model;
};

describe("spec §5 'A user table must be set up at publish'", () => {
  it("the default option adds a new User with an email and a password field when there is none", () => {
    const model = applied(applyUsersTableChoice(initialModel(), { mode: "DEFAULT" }));
    const user = tableNamed(model, "User");
    expect(hasDirective(user.directives, "users")).toBe(true);
    expect(user.fields.find((field) => field.name === "email")).toMatchObject({ type: "Email", directives: [{ name: "userEmail" }] });
    expect(user.fields.find((field) => field.name === "password")).toMatchObject({ type: "String", directives: [{ name: "userPassword" }] });
    expect(hasUsableUsersTable(model)).toBe(true);
  });

  it("the default option uses a table called User and its email field rather than adding another", () => {
    const added = addObjectType(initialModel(), "User");
    const withEmail = addField(added.model, added.id, { name: "email", type: "String" });
    const model = applied(applyUsersTableChoice(withEmail.model, { mode: "DEFAULT" }));
    expect(model.objectTypes.filter((objectType) => objectType.name === "User")).toHaveLength(1);
    const user = tableNamed(model, "User");
    expect(user.fields.filter((field) => field.name.startsWith("email"))).toHaveLength(1);
    expect(user.fields.find((field) => field.id === withEmail.id)).toMatchObject({ type: "Email" });
  });

  it("a custom table needs a chosen table, email field and password field", () => {
    const model = initialModel();
    expect(applyUsersTableChoice(model, { mode: "CUSTOM", tableId: "missing", emailFieldId: "x", passwordFieldId: "y" })).toEqual({
      problem: "error_api_create_requires_usertype",
    });
  });

  it("the email and password options exclude each other's pick and read-only fields", () => {
    const base = initialModel();
    const table = base.objectTypes[0];
    const first = addField(base, table.id, { name: "login", type: "String" });
    const second = addField(first.model, table.id, { name: "secret", type: "String" });
    const current = second.model.objectTypes[0];
    expect(emailFieldOptions(current, second.id).map((field) => field.name)).toEqual(["login"]);
    expect(passwordFieldOptions(current, first.id).map((field) => field.name)).toEqual(["secret"]);
    // The same field for both, or a read-only one, is refused.
    const idField = current.fields.find((field) => field.name === "id")!;
    expect(applyUsersTableChoice(second.model, { mode: "CUSTOM", tableId: table.id, emailFieldId: first.id, passwordFieldId: first.id })).toHaveProperty("problem");
    expect(applyUsersTableChoice(second.model, { mode: "CUSTOM", tableId: table.id, emailFieldId: idField.id, passwordFieldId: second.id })).toHaveProperty("problem");
    const model = applied(applyUsersTableChoice(second.model, { mode: "CUSTOM", tableId: table.id, emailFieldId: first.id, passwordFieldId: second.id }));
    expect(hasUsableUsersTable(model)).toBe(true);
  });

  it("choosing another table strips the users and user directives from the earlier table", () => {
    const withDefault = applied(applyUsersTableChoice(initialModel(), { mode: "DEFAULT" }));
    const table1 = tableNamed(withDefault, "Table1");
    const a = addField(withDefault, table1.id, { name: "mail", type: "Email" });
    const b = addField(a.model, table1.id, { name: "pass", type: "String" });
    const model = applied(applyUsersTableChoice(b.model, { mode: "CUSTOM", tableId: table1.id, emailFieldId: a.id, passwordFieldId: b.id }));
    const user = tableNamed(model, "User");
    expect(hasDirective(user.directives, "users")).toBe(false);
    expect(user.fields.some((field) => field.directives.some((directive) => directive.name.startsWith("user")))).toBe(false);
    expect(hasDirective(tableNamed(model, "Table1").directives, "users")).toBe(true);
  });
});
