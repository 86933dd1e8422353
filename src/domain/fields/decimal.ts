import type { Locale } from "../locale";

/**
 * Numbers as people type and read them, per locale: German writes 12,5 and groups 1.234.567,
 * English writes 12.5 and groups 1,234,567. Parsing never guesses: a text that one locale reads
 * as a grouping and the other as a decimal mark is refused (docs/DECISIONS.md), because a wrong
 * guess would store the value a thousand times too large or too small.
 */

export interface DecimalMarks {
  decimal: string;
  group: string;
}

export const DECIMAL_MARKS: Record<Locale, DecimalMarks> = {
  en: { decimal: ".", group: "," },
  de: { decimal: ",", group: "." },
};

/** Why a typed number was refused; each is a message id with {field} and {decimal}. */
export type DecimalProblem = "error_value_number_ambiguous" | "error_value_number_marks";

export type DecimalResult = { value: number } | { problem: DecimalProblem };

/** Groups of three after the first group of one to three digits: 1,234,567. */
const WELL_GROUPED = (group: string) => new RegExp(`^\\d{1,3}(${escape(group)}\\d{3})+$`);
const escape = (mark: string) => mark.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The number a text means in the locale, or why it cannot be read: the locale's decimal mark
 * at most once, the locale's group mark only in whole groups of three before it, and never a
 * single group mark followed by exactly three digits without a decimal mark (1.234 in German is
 * 1234 to a German reader and 1.234 to everyone else). Not a number at all: null.
 */
export function parseDecimal(text: string, locale: Locale): DecimalResult | null {
  const { decimal, group } = DECIMAL_MARKS[locale];
  const trimmed = text.trim();
  const match = /^(-?)([\d.,]+)$/.exec(trimmed);
  if (!match) return null;
  const [, sign, body] = match;
  const parts = body.split(decimal);
  if (parts.length > 2) return { problem: "error_value_number_marks" };
  const [whole, fraction] = parts;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return { problem: "error_value_number_marks" };
  if (whole === "") return null;
  let digits = whole;
  if (whole.includes(group)) {
    if (!WELL_GROUPED(group).test(whole)) return { problem: "error_value_number_marks" };
    const groups = whole.split(group).length - 1;
    if (groups === 1 && fraction === undefined) return { problem: "error_value_number_ambiguous" };
    digits = whole.split(group).join("");
  }
  const value = Number(`${sign}${digits}${fraction === undefined ? "" : `.${fraction}`}`);
  return Number.isFinite(value) ? { value: Object.is(value, -0) ? 0 : value } : null;
}

/**
 * A number as plain decimal digits (never 1e+21 or 1e-7), the shortest that reads back as the
 * same number, so what is shown can be typed back unchanged.
 */
export function plainDigits(value: number): string {
  const text = String(value);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign, first, rest = "", power] = exponent;
  const digits = first + rest;
  const point = 1 + Number(power);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A number as the locale writes it, without grouping: grouping would make 1234 read "1.234" in
 * German, which the parser refuses as ambiguous, and a shown value must type back unchanged.
 */
export const formatDecimal = (value: number, locale: Locale): string => plainDigits(value).replace(".", DECIMAL_MARKS[locale].decimal);

/**
 * A number in machine text (CSV files, URLs): '.' decimal, no grouping, an exponent allowed; no
 * hexadecimal, Infinity or empty text, which Number() would take.
 */
export function parseMachineNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
