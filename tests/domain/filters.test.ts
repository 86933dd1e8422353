import { describe, expect, it } from "vitest";
import { FILTER_OPERATORS, allowsOperator, filterConditions, filterExpression, filterOperators, parseFilterSearch } from "../../src/domain/filters";
import { FIELD_TYPES } from "../../src/domain/model";

describe("operators per field type (spec §7 'Operators: eq, ne, lt, le, gt, ge, beginsWith, contains, notContains, attributeExists')", () => {
  it("offers every operator on texts", () => {
    expect(filterOperators("String")).toEqual([...FILTER_OPERATORS]);
    expect(filterOperators("Email")).toEqual([...FILTER_OPERATORS]);
  });

  it("compares numbers but never as text", () => {
    for (const fieldType of ["Integer", "Float", "Timestamp"] as const) {
      expect(allowsOperator(fieldType, "lt")).toBe(true);
      expect(allowsOperator(fieldType, "beginsWith")).toBe(false);
      expect(allowsOperator(fieldType, "contains")).toBe(false);
    }
  });

  it("asks lists whether they contain a value, and Json only whether it is there", () => {
    expect(filterOperators("ListString")).toEqual(["contains", "notContains", "attributeExists"]);
    expect(filterOperators("Json")).toEqual(["attributeExists"]);
  });

  it("compares booleans and enum values only for equality", () => {
    expect(filterOperators("Boolean")).toEqual(["eq", "ne", "attributeExists"]);
    expect(filterOperators("Enum")).toEqual(["eq", "ne", "attributeExists"]);
  });

  it("lets every field type ask whether a value is there, and knows no other operator", () => {
    for (const fieldType of FIELD_TYPES) expect(allowsOperator(fieldType, "attributeExists")).toBe(true);
    expect(allowsOperator("String", "like")).toBe(false);
  });
});

describe("the filter expression ({field: {operator: value}}, several combined with and)", () => {
  const title = { field: "title", operator: "beginsWith", value: "Du" } as const;
  const pages = { field: "pages", operator: "gt", value: 100 } as const;

  it("is one condition as {field: {operator: value}} and several as {and: [...]}", () => {
    expect(filterExpression([])).toBeNull();
    expect(filterExpression([title])).toEqual({ title: { beginsWith: "Du" } });
    expect(filterExpression([title, pages])).toEqual({ and: [{ title: { beginsWith: "Du" } }, { pages: { gt: 100 } }] });
  });

  it("reads back what it wrote, from JSON text as in the URL", () => {
    expect(parseFilterSearch(JSON.stringify(filterExpression([title, pages])))).toEqual([title, pages]);
    expect(filterConditions({ title: { beginsWith: "Du" }, pages: { gt: 100 } })).toEqual([title, pages]);
  });

  it("shows no filter for a mangled or unknown shape instead of a wrong one", () => {
    expect(parseFilterSearch("{not json")).toEqual([]);
    expect(parseFilterSearch(JSON.stringify({ or: [{ a: { eq: 1 } }] }))).toEqual([]);
    expect(parseFilterSearch(JSON.stringify({ a: { like: "x" } }))).toEqual([]);
    expect(parseFilterSearch(JSON.stringify({ a: { eq: { nested: true } } }))).toEqual([]);
  });
});
