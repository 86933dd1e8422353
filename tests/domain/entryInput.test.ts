import { describe, expect, it } from "vitest";
import { entryValueOf, readEntryText, sanitizeEntryText, sanitizeInteger, sanitizeNumber, sanitizePhone } from "../../src/domain/entryInput";
import type { Field, FieldType } from "../../src/domain/model";

const field = (type: FieldType): Field => ({ id: `f_${type}`, name: type.toLowerCase(), type, directives: [] }) as unknown as Field;

describe("what a data-entry input keeps while typing (spec §5 'General input', 'Data entry')", () => {
  it("'Number input keeps digits, dot and minus, with the minus only at the start'; the decimal and group marks are kept for the parser to judge", () => {
    // Dropping the second mark (or a German decimal comma) would silently change the value.
    expect(sanitizeNumber("-12.5.3x")).toBe("-12.5.3");
    expect(sanitizeNumber("12,5")).toBe("12,5");
    expect(sanitizeNumber("1-2")).toBe("12");
    expect(sanitizeEntryText(field("Float"), "a3.1b4")).toBe("3.14");
  });

  it("'Integer input keeps digits and a leading minus'; 'Integer inputs have a max length of 11'", () => {
    expect(sanitizeInteger("-1a23")).toBe("-123");
    // A mark is kept, so 12,5 is refused as not whole instead of saved as 125.
    expect(sanitizeInteger("12,5")).toBe("12,5");
    expect(sanitizeEntryText(field("Integer"), "123456789012345")).toBe("12345678901");
  });

  it("'Phone keeps digits and . + ( ) -'", () => {
    expect(sanitizePhone("+49 (30) 123-45.6 ext")).toBe("+49(30)123-45.6");
    expect(sanitizeEntryText(field("Phone"), "+1 555")).toBe("+1555");
  });

  it("an email input keeps letters, digits and . @ _ + -, lowercased", () => {
    expect(sanitizeEntryText(field("Email"), " Ada.L+x@Example.ORG! ")).toBe("ada.l+x@example.org");
  });

  it("'Other inputs have 1024' characters at most", () => {
    expect(sanitizeEntryText(field("String"), "x".repeat(2000))).toHaveLength(1024);
    expect(sanitizeEntryText(field("Url"), "https://a.example/" + "p".repeat(2000))).toHaveLength(1024);
  });
});

describe("what a typed text is sent as (spec §5 'Data entry')", () => {
  it("'Number, Float and Timestamp are converted to numbers'", () => {
    expect(entryValueOf(field("Integer"), "-42")).toBe(-42);
    expect(entryValueOf(field("Float"), "2.5")).toBe(2.5);
    expect(entryValueOf(field("Timestamp"), "1700000000")).toBe(1700000000);
  });

  it("'An empty non-string value becomes null'; an empty text stays text", () => {
    for (const type of ["Integer", "Float", "Timestamp", "Boolean", "Date", "Email", "Json", "ListString"] as FieldType[]) expect(entryValueOf(field(type), "")).toBeNull();
    expect(entryValueOf(field("String"), "")).toBe("");
  });

  it("Json travels as its text, and text that is no JSON is refused before it is sent", () => {
    expect(readEntryText(field("Json"), '{"a":1}', [])).toEqual({ value: '{"a":1}', problem: null });
    expect(readEntryText(field("Json"), "{a:", []).problem).not.toBeNull();
  });
});

describe("a typed number in the user's locale ('12,5' was saved as 125)", () => {
  it("reads German 12,5 as 12.5 in a Float field and refuses it in an Integer field instead of saving 125", () => {
    expect(readEntryText(field("Float"), "12,5", [], "de")).toEqual({ value: 12.5, problem: null });
    expect(readEntryText(field("Integer"), sanitizeEntryText(field("Integer"), "12,5", "de"), [], "de").problem?.messageId).toBe("error_value_integer");
    expect(readEntryText(field("Integer"), "1.234.567", [], "de")).toEqual({ value: 1234567, problem: null });
  });

  it("refuses an ambiguous number with a message naming the locale's decimal mark", () => {
    expect(readEntryText(field("Float"), "1.234", [], "de").problem).toEqual({ messageId: "error_value_number_ambiguous", field: "float", values: { decimal: "," } });
    expect(readEntryText(field("Float"), "12,5", [], "en").problem).toEqual({ messageId: "error_value_number_marks", field: "float", values: { decimal: "." } });
  });

  it("a German number list is separated by semicolons, as the grid shows it", () => {
    expect(readEntryText(field("ListFloat"), "1,5; 2", [], "de")).toEqual({ value: [1.5, 2], problem: null });
    expect(readEntryText(field("ListFloat"), "1.5, 2", [], "en")).toEqual({ value: [1.5, 2], problem: null });
  });
});
