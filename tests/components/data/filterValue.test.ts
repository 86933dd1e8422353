import { describe, expect, it } from "vitest";
import { filterValueFromText, valueInputKind } from "../../../src/data/filter/filterValue";

describe("a filter's value step by field type (spec §2 filter dropdown)", () => {
  it("offers the field type's own input: pickers for whole dates and times, text for parts of them", () => {
    expect(valueInputKind("Float", "gt")).toBe("number");
    expect(valueInputKind("Integer", "eq")).toBe("integer");
    expect(valueInputKind("Date", "eq")).toBe("date");
    expect(valueInputKind("Date", "beginsWith")).toBe("text");
    expect(valueInputKind("DateTime", "lt")).toBe("dateTime");
    expect(valueInputKind("Time", "contains")).toBe("text");
    expect(valueInputKind("Enum", "eq")).toBe("enum");
    expect(valueInputKind("Email", "eq")).toBe("email");
    expect(valueInputKind("Phone", "eq")).toBe("phone");
    expect(valueInputKind("ListString", "contains")).toBe("text");
    expect(valueInputKind("Json", "attributeExists")).toBe("yesNo");
  });

  it("reads a number in the user's locale (German 3,5) and holds Apply back while it is ambiguous", () => {
    expect(filterValueFromText("number", "3,5", "de")).toBe(3.5);
    expect(filterValueFromText("number", "3.5", "en")).toBe(3.5);
    expect(filterValueFromText("number", "1.234", "de")).toBeNull();
    expect(filterValueFromText("number", "3,5", "en")).toBeNull();
    expect(filterValueFromText("number", "-", "de")).toBeNull();
  });
});
