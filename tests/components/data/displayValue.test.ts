import { describe, expect, it } from "vitest";
import { createIntl } from "react-intl";
import { displayValue } from "../../../src/data/entries/displayValue";
import type { Field } from "../../../src/domain/model";

const field = (type: Field["type"]) => ({ id: "f", name: "f", type, directives: [] }) as unknown as Field;
const en = createIntl({ locale: "en", timeZone: "UTC" });
const de = createIntl({ locale: "de", timeZone: "UTC" });

describe("dates, times and timestamps in the user's locale ('localized date/time fields (en, de)')", () => {
  it("shows a date as the locale writes it, on the day stored whatever the zone", () => {
    expect(displayValue(en, field("Date"), "2026-03-07")).toBe("Mar 7, 2026");
    expect(displayValue(de, field("Date"), "2026-03-07")).toBe("07.03.2026");
  });

  it("shows a time in the locale's clock", () => {
    expect(displayValue(en, field("Time"), "14:05")).toBe("2:05 PM");
    expect(displayValue(de, field("Time"), "14:05")).toBe("14:05");
  });

  it("shows a date-time and a timestamp (seconds) as date and time", () => {
    expect(displayValue(en, field("DateTime"), "2026-03-07T14:05:00.000Z")).toBe("Mar 7, 2026, 2:05 PM");
    expect(displayValue(de, field("DateTime"), "2026-03-07T14:05:00.000Z")).toBe("07.03.2026, 14:05");
    expect(displayValue(de, field("Timestamp"), Date.UTC(2026, 2, 7, 14, 5, 9) / 1000)).toBe("07.03.2026, 14:05:09");
  });

  it("shows the server's createdAt and updatedAt as date and time too", () => {
    const updatedAt = { id: "updatedAt", name: "updatedAt", type: "String", directives: [], readonly: true } as unknown as Field;
    expect(displayValue(de, updatedAt, "2026-03-07T14:05:00.000Z")).toBe("07.03.2026, 14:05");
  });

  it("shows what it cannot read as stored, and other values as text", () => {
    expect(displayValue(en, field("Date"), "soon")).toBe("soon");
    expect(displayValue(en, field("ListString"), ["a", "b"])).toBe("a, b");
    expect(displayValue(en, field("Integer"), 7)).toBe("7");
    expect(displayValue(en, field("Date"), null)).toBe("");
  });
});

describe("numbers in the user's locale ('Numbers display per locale (3,5 in German)')", () => {
  it("shows a Float with the locale's decimal mark and lists of numbers with a separator that is not it", () => {
    expect(displayValue(de, field("Float"), 3.5)).toBe("3,5");
    expect(displayValue(en, field("Float"), 3.5)).toBe("3.5");
    expect(displayValue(de, field("Integer"), 1234)).toBe("1234");
    expect(displayValue(de, field("ListFloat"), [1.5, 2])).toBe("1,5; 2");
    expect(displayValue(en, field("ListFloat"), [1.5, 2])).toBe("1.5, 2");
    expect(displayValue(de, field("ListString"), ["a", "b"])).toBe("a, b");
  });
});
