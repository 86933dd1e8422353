import { describe, expect, it } from "vitest";
import { cellValue, CSV_HEADER_MAX_BYTES, isCsvFileName, isHeaderTooLong, neutralisedCell, planColumns } from "../../src/domain/csv";
import { addConnection, addField, addObjectType, initialModel, renameObjectType } from "../../src/domain/model";

function shop() {
  const initial = initialModel();
  let model = renameObjectType(initial, initial.objectTypes[0].id, "Customer");
  const customerId = model.objectTypes[0].id;
  model = addField(model, customerId, { name: "name", type: "String" }).model;
  const order = addObjectType(model, "Order");
  model = addField(order.model, order.id, { name: "total", type: "Float" }).model;
  model = addConnection(model, customerId, order.id, "hasMany");
  return { model, order: model.objectTypes.find((type) => type.id === order.id)! };
}

describe("spec §5 'CSV import'", () => {
  it("'Only .csv files are accepted.'", () => {
    expect(isCsvFileName("Customers.CSV")).toBe(true);
    expect(isCsvFileName("customers.csv.txt")).toBe(false);
    expect(isCsvFileName("customers")).toBe(false);
  });

  it("maps fields and parent links, skips the read-only columns, and opts unknown columns in as new fields", () => {
    const { model, order } = shop();
    const { columns, problem } = planColumns(["total", "customerId", "id", "createdAt", "note", "colour"], model, order, ["colour"]);
    expect(problem).toBeNull();
    expect(columns).toEqual([
      { column: "total", kind: "field", field: "total" },
      { column: "customerId", kind: "field", field: "customerId" },
      { column: "id", kind: "skip", reason: "readonly" },
      { column: "createdAt", kind: "skip", reason: "readonly" },
      { column: "note", kind: "skip", reason: "unknown" },
      { column: "colour", kind: "create", field: "colour" },
    ]);
  });

  it("skips a users table's password column: a password is never imported as text", () => {
    const initial = initialModel();
    const users = initial.objectTypes[0];
    const model = addField(initial, users.id, { name: "password", type: "String", directives: [{ name: "userPassword" }] }).model;
    const table = model.objectTypes.find((type) => type.id === users.id)!;
    expect(planColumns(["password"], model, table, []).columns).toEqual([{ column: "password", kind: "skip", reason: "readonly" }]);
  });

  it("'Forbidden columns are the read-only and blacklisted keys': opting them in is the problem", () => {
    const { model, order } = shop();
    expect(planColumns(["pk"], model, order, []).columns).toEqual([{ column: "pk", kind: "skip", reason: "reserved" }]);
    expect(planColumns(["updatedAt"], model, order, ["updatedAt"]).problem).toEqual({ messageId: "form_feedback_reserved_field_name", column: "updatedAt" });
    expect(planColumns(["Version"], model, order, ["Version"]).problem?.messageId).toBe("form_feedback_reserved_field_name");
    expect(planColumns(["my colour"], model, order, ["my colour"]).problem?.messageId).toBe("error_csv_column_name");
    expect(planColumns(["total", "total"], model, order, []).problem).toEqual({ messageId: "error_csv_duplicate_column", column: "total" });
  });

  it("converts cells as data entry does: numbers, booleans, JSON lists; an empty cell is no value; the rest stays text", () => {
    expect(cellValue("Integer", " 42 ")).toBe(42);
    expect(cellValue("Float", "1.5")).toBe(1.5);
    // A file is machine text: '.' is the decimal mark in any console language, and a comma is
    // never dropped (12,5 stays text and is refused as not a number, never stored as 125).
    expect(cellValue("Float", "12,5")).toBe("12,5");
    expect(cellValue("Float", "1e3")).toBe(1000);
    expect(cellValue("Integer", "0x10")).toBe("0x10");
    expect(cellValue("Integer", "abc")).toBe("abc");
    expect(cellValue("Boolean", "TRUE")).toBe(true);
    expect(cellValue("ListString", '["a","b"]')).toEqual(["a", "b"]);
    expect(cellValue("String", "")).toBeNull();
    expect(cellValue("Json", '{"a":1}')).toBe('{"a":1}');
  });
});

describe("formula-like cells (OWASP CSV injection)", () => {
  it("neutralises text starting with =, +, -, @, TAB or CR, never a number", () => {
    for (const text of ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "-", "+Infinity"]) expect(neutralisedCell(text)).toBe(`'${text}`);
    for (const text of ["-5", "+1.5", "-1e3", "plain", "", "'=already", "a=b"]) expect(neutralisedCell(text)).toBe(text);
  });
});

describe("isHeaderTooLong", () => {
  it("is true for a header the server would not read whole", () => {
    expect(isHeaderTooLong(["name", "age"], ",")).toBe(false);
    expect(isHeaderTooLong(["a".repeat(CSV_HEADER_MAX_BYTES)], ",")).toBe(true);
  });
});
