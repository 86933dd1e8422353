import { describe, expect, it } from "vitest";
import { entryInputKind, entryText, entryValueOf } from "../../src/domain/entryInput";
import type { Field } from "../../src/domain/model";

const timestamp = { id: "f", name: "seenAt", type: "Timestamp", directives: [] } as unknown as Field;

describe("a Timestamp is typed as a local date and time ('Dates, times and timestamps use localized date/time fields')", () => {
  it("uses the date-time input, to the second", () => {
    expect(entryInputKind(timestamp)).toBe("timestamp");
    const seconds = Math.floor(new Date(2026, 2, 7, 14, 5, 9).getTime() / 1000);
    expect(entryText(timestamp, seconds)).toBe("2026-03-07T14:05:09");
  });

  it("sends seconds since the epoch (spec §5 'Timestamp [is] converted to numbers'), also when seconds are typed", () => {
    expect(entryValueOf(timestamp, "2026-03-07T14:05:09")).toBe(Math.floor(new Date(2026, 2, 7, 14, 5, 9).getTime() / 1000));
    expect(entryValueOf(timestamp, "1700000000")).toBe(1700000000);
    expect(entryValueOf(timestamp, "")).toBeNull();
  });
});
