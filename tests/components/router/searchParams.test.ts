import { describe, expect, test } from "vitest";
import { dataSearch, loginSearch, manageMemberSearch } from "../../../src/router/searchParams";

// search params are checked where they enter; a value of the wrong shape is dropped,
// as if the link had not carried it, instead of failing the page.
describe("route search params", () => {
  test("the login notice is kept when it is short text, dropped otherwise", () => {
    expect(loginSearch({ notice: "confirmed" })).toEqual({ notice: "confirmed" });
    expect(loginSearch({ notice: 5 })).toEqual({});
    expect(loginSearch({ notice: "x".repeat(51) })).toEqual({});
  });

  test("showTemplates accepts a boolean or the typed word, nothing else", () => {
    expect(dataSearch({ showTemplates: true })).toEqual({ showTemplates: true });
    expect(dataSearch({ showTemplates: "true" })).toEqual({ showTemplates: true });
    expect(dataSearch({ showTemplates: "false" })).toEqual({ showTemplates: false });
    expect(dataSearch({ showTemplates: "yes" })).toEqual({});
  });

  test("the member edit link keeps each field within its length on its own", () => {
    expect(manageMemberSearch({ email: "a@example.com", role: "ADMIN", roleId: "role_1" })).toEqual({
      email: "a@example.com",
      role: "ADMIN",
      roleId: "role_1",
    });
    expect(manageMemberSearch({ email: `${"a".repeat(250)}@x.de`, role: "ADMIN", roleId: ["role_1"] })).toEqual({ role: "ADMIN" });
  });

  test("params a route does not name pass unchanged", () => {
    expect(dataSearch({ showTemplates: "no", view: "compact" })).toEqual({ view: "compact" });
  });
});
