import { describe, expect, it } from "vitest";
import { formatDecimal, parseDecimal, parseMachineNumber, plainDigits } from "../../../src/domain/fields/decimal";
import { LOCALES } from "../../../src/domain/locale";
import { seededRandom } from "../../support/seededRandom";

/** Numbers of every shape: whole, a few decimals, tiny, huge, negative, and raw doubles. */
function numbers(count: number, seed = 42): number[] {
  const next = seededRandom(seed);
  const out: number[] = [0, 1, -1, 0.1, 12.5, 1234, 1234.5, 1e21, 1e-7, -2.5e-10, Number.MAX_SAFE_INTEGER, 5e-324, 1.7976931348623157e308];
  for (let index = 0; index < count; index++) {
    const shape = Math.floor(next() * 5);
    const sign = next() < 0.3 ? -1 : 1;
    if (shape === 0) out.push(sign * Math.floor(next() * 10 ** Math.floor(next() * 16)));
    else if (shape === 1) out.push(sign * Number((next() * 10 ** Math.floor(next() * 8)).toFixed(Math.floor(next() * 6))));
    else if (shape === 2) out.push(sign * next() * 10 ** (Math.floor(next() * 60) - 30));
    else if (shape === 3) out.push(sign * next() * 10 ** Math.floor(next() * 300));
    else out.push(sign * next());
  }
  return out;
}

const valueOf = (text: string, locale: "en" | "de") => {
  const parsed = parseDecimal(text, locale);
  return parsed && "value" in parsed ? parsed.value : parsed;
};

describe("numbers typed per locale (a decimal comma multiplied the value)", () => {
  it("German reads a comma as the decimal mark, English a dot", () => {
    expect(valueOf("12,5", "de")).toBe(12.5);
    expect(valueOf("12.5", "en")).toBe(12.5);
    expect(valueOf("-0,25", "de")).toBe(-0.25);
    expect(valueOf(" 3,5 ", "de")).toBe(3.5);
  });

  it("the locale's grouping is read where it cannot be anything else", () => {
    expect(valueOf("1.234,5", "de")).toBe(1234.5);
    expect(valueOf("1.234.567", "de")).toBe(1234567);
    expect(valueOf("1,234.5", "en")).toBe(1234.5);
    expect(valueOf("1,234,567", "en")).toBe(1234567);
    // The locale's decimal mark is never ambiguous: 1,234 in German is one point two three four.
    expect(valueOf("1,234", "de")).toBe(1.234);
  });

  it("a text one locale reads as a grouping and another as a decimal is refused, not guessed", () => {
    expect(parseDecimal("1.234", "de")).toEqual({ problem: "error_value_number_ambiguous" });
    expect(parseDecimal("1,234", "en")).toEqual({ problem: "error_value_number_ambiguous" });
  });

  it("the other locale's marks are refused with the locale's decimal mark named", () => {
    for (const [text, locale] of [["1.234,5", "en"], ["1,234.5", "de"], ["12.5", "de"], ["12,5", "en"], ["1.2.3", "en"], ["1,23.4", "en"], ["5,", "de"]] as const) {
      expect(parseDecimal(text, locale), `${text} in ${locale}`).toEqual({ problem: "error_value_number_marks" });
    }
  });

  it("no number at all is null (the field's own message refuses it)", () => {
    for (const text of ["", "-", "abc", "1e5", "0x10", "Infinity", ",5"]) expect(parseDecimal(text, "de")).toBeNull();
  });

  it("every number written in a locale reads back as the same number (2,000 generated, both locales)", () => {
    for (const locale of LOCALES) {
      for (const value of numbers(2000)) {
        const text = formatDecimal(value, locale);
        expect(valueOf(text, locale), `${value} as ${text} in ${locale}`).toBe(Object.is(value, -0) ? 0 : value);
      }
    }
  });

  it("a shown number is plain digits with the locale's mark, as the user types it", () => {
    expect(formatDecimal(3.5, "de")).toBe("3,5");
    expect(formatDecimal(3.5, "en")).toBe("3.5");
    expect(formatDecimal(1e21, "de")).toBe("1000000000000000000000");
    expect(formatDecimal(-2.5e-7, "de")).toBe("-0,00000025");
    expect(plainDigits(1.5e300)).toMatch(/^15\d*$/);
  });

  it("parsing never silently scales a number by a power of ten: a typed number reads as itself or is refused", () => {
    const next = seededRandom(7);
    const marks = ["", ".", ","];
    for (let index = 0; index < 5000; index++) {
      // Random digits with up to three marks anywhere: the kind of text a user or a paste gives.
      let text = next() < 0.2 ? "-" : "";
      const length = 1 + Math.floor(next() * 9);
      for (let position = 0; position < length; position++) text += Math.floor(next() * 10) + (next() < 0.2 ? marks[Math.floor(next() * 3)] : "");
      for (const locale of LOCALES) {
        const parsed = parseDecimal(text, locale);
        if (!parsed || !("value" in parsed)) continue;
        const { decimal, group } = locale === "de" ? { decimal: ",", group: "." } : { decimal: ".", group: "," };
        // What the text means to a reader of the locale: group marks dropped, the decimal mark a point.
        const meant = Number(text.split(group).join("").replace(decimal, ".")) + 0;
        expect(parsed.value, `${text} in ${locale}`).toBe(meant);
        // And a reader of the other locale would not read a different number from it.
        const other = parseDecimal(text, locale === "de" ? "en" : "de");
        if (other && "value" in other) expect(other.value, `${text} in both locales`).toBe(parsed.value);
      }
    }
  });
});

describe("numbers in machine text (CSV files)", () => {
  it("reads '.' decimals and exponents; refuses commas, hexadecimal and Infinity", () => {
    expect(parseMachineNumber(" 1.5 ")).toBe(1.5);
    expect(parseMachineNumber("1e21")).toBe(1e21);
    expect(parseMachineNumber("-.5")).toBe(-0.5);
    for (const text of ["12,5", "1,234", "0x10", "Infinity", "", "1.2.3"]) expect(parseMachineNumber(text), text).toBeNull();
  });
});
