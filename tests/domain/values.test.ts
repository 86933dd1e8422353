import { describe, expect, it } from "vitest";
import { addEnum, addField, initialModel, updateEnum, type FieldPatch, type SchemaModel } from "../../src/domain/model";
import { entryInputProblem, valueProblem, INT_MAX, INT_MIN_EXCLUSIVE } from "../../src/domain/values";

function tableWith(patches: FieldPatch[]): { model: SchemaModel } {
  let model = initialModel();
  for (const patch of patches) model = addField(model, model.objectTypes[0].id, patch).model;
  return { model };
}
const fieldOf = (type: FieldPatch["type"], extra: FieldPatch = {}) => {
  const { model } = tableWith([{ name: "value", type, directives: [], ...extra }]);
  return { field: model.objectTypes[0].fields.at(-1)!, model };
};
const check = (type: FieldPatch["type"], value: unknown) => valueProblem(fieldOf(type).field, value, [])?.messageId ?? null;

describe("values by field type (spec §5 'General input')", () => {
  it("'Int is limited to -2^31 up to 2^31-1, the minimum being exclusive'", () => {
    expect(check("Integer", INT_MAX)).toBeNull();
    expect(check("Integer", INT_MAX + 1)).toBe("error_value_integer");
    expect(check("Integer", INT_MIN_EXCLUSIVE + 1)).toBeNull();
    expect(check("Integer", INT_MIN_EXCLUSIVE)).toBe("error_value_integer");
    expect(check("Integer", 1.5)).toBe("error_value_integer");
  });

  it("'Float is limited to the double range'; Boolean; ID", () => {
    expect(check("Float", 1.5e300)).toBeNull();
    expect(check("Float", Infinity)).toBe("error_value_float");
    expect(check("Float", "1")).toBe("error_value_float");
    expect(check("Boolean", "true")).toBe("error_value_boolean");
    expect(check("ID", "")).toBe("error_value_id");
  });

  it("dates, times and timestamps", () => {
    expect(check("Date", "2024-02-29")).toBeNull();
    expect(check("Date", "2023-02-29")).toBe("error_value_date");
    expect(check("DateTime", "2024-05-01T12:00:00Z")).toBeNull();
    expect(check("DateTime", "2024-05-01T12:00:00+02:00")).toBeNull();
    expect(check("DateTime", "2024-05-01T12:00:00")).toBe("error_value_datetime");
    expect(check("Time", "23:59")).toBeNull();
    expect(check("Time", "24:00")).toBe("error_value_time");
    expect(check("Timestamp", 1_700_000_000)).toBeNull();
    expect(check("Timestamp", 1.5)).toBe("error_value_timestamp");
  });

  it("Email, IpAddress, Json, Phone, Url", () => {
    expect(check("Email", "ada@example.com")).toBeNull();
    expect(check("Email", "ada@")).toBe("error_value_email");
    expect(check("IpAddress", "192.168.0.1")).toBeNull();
    expect(check("IpAddress", "2001:db8::1")).toBeNull();
    expect(check("IpAddress", "300.1.1.1")).toBe("error_value_ip_address");
    expect(check("Json", '{"a":[1]}')).toBeNull();
    expect(check("Json", "{a:1}")).toBe("error_value_json");
    expect(check("Phone", "+49 (30) 123-45.6")).toBeNull();
    expect(check("Phone", "call me")).toBe("error_value_phone");
    expect(check("Url", "https://example.com/x")).toBeNull();
    expect(check("Url", "javascript:alert(1)")).toBe("error_value_url");
  });

  it("lists check every element; enums only their values", () => {
    expect(check("ListInteger", [1, 2])).toBeNull();
    expect(check("ListInteger", [1, "2"])).toBe("error_value_integer");
    expect(check("ListString", "a")).toBe("error_value_list");
    const withEnum = addEnum(initialModel());
    const model = updateEnum(withEnum.model, withEnum.id, { name: "Status", values: [{ name: "ON" }] });
    const field = addField(model, model.objectTypes[0].id, { name: "status", type: "Enum", typeId: withEnum.id, directives: [] }).model.objectTypes[0].fields.at(-1)!;
    expect(valueProblem(field, "ON", model.enumTypes)).toBeNull();
    expect(valueProblem(field, "OFF", model.enumTypes)).toMatchObject({ messageId: "error_value_enum", values: { allowed: "ON" } });
  });
});

describe("a write's input", () => {
  const { model } = tableWith([
    { name: "title", type: "String", directives: [{ name: "requiredOnCreate" }] },
    { name: "code", type: "String", directives: [{ name: "requiredOnUpdate" }] },
    { name: "reason", type: "String", directives: [{ name: "requiredOnDelete" }] },
  ]);
  const table = model.objectTypes[0];
  const problem = (input: Record<string, unknown>, operation: "create" | "update" | "delete") => entryInputProblem(table, [], input, operation);

  it("'id, createdAt and updatedAt are set by the server only'", () => {
    for (const name of ["id", "createdAt", "updatedAt"]) expect(problem({ title: "x", [name]: "2024" }, "create")).toMatchObject({ messageId: "error_value_readonly", field: name });
  });

  it("required on create, update and delete, each on its own operation; an empty list or text counts as missing", () => {
    expect(problem({}, "create")).toMatchObject({ messageId: "error_value_required", field: "title" });
    expect(problem({ title: "" }, "create")).toMatchObject({ messageId: "error_value_required", field: "title" });
    expect(problem({ title: "x" }, "create")).toBeNull();
    expect(problem({ title: "y" }, "update")).toMatchObject({ messageId: "error_value_required", field: "code" });
    expect(problem({ code: "c" }, "update")).toBeNull();
    expect(problem({}, "delete")).toMatchObject({ messageId: "error_value_required", field: "reason" });
  });

  it("refuses a field the table does not have", () => {
    expect(problem({ title: "x", nope: 1 }, "create")).toMatchObject({ messageId: "error_value_unknown_field", field: "nope" });
  });
});
