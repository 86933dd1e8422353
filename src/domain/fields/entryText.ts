import { sanitizeEmail } from "../account";
import type { Locale } from "../locale";
import { DECIMAL_MARKS, formatDecimal, parseDecimal, type DecimalProblem } from "./decimal";

/**
 * Spec §5 "General input" and "Data entry": how one value is typed into a data form, a grid
 * cell or a filter — what the input keeps while typing (sanitize), how the text becomes the value
 * sent (read) and the text an input starts with for a stored value (write), per locale.
 */
export interface EntryText {
  sanitize(text: string, locale: Locale): string;
  /** The value, or the reason a text that looks like one cannot be read (its message id). */
  read(text: string, locale: Locale): { value: unknown } | { problem: DecimalProblem };
  write(value: unknown, locale: Locale): string;
  /** A list's separator between elements in this locale; absent for single values. */
  separator?(locale: Locale): string;
}

/** Spec §5: "Integer inputs have a max length of 11. Other inputs have 1024." */
export const INTEGER_INPUT_MAX_LENGTH = 11;
export const INPUT_MAX_LENGTH = 1024;

const asIs = (value: unknown) => ({ value });

export const plainText: EntryText = {
  sanitize: (text) => text.slice(0, INPUT_MAX_LENGTH),
  read: (text) => asIs(text),
  write: (value) => String(value),
};

/** Text for a type that is not a String: empty is no value (spec §5 "An empty non-string value becomes null"). */
export const optionalText: EntryText = { ...plainText, read: (text) => asIs(text === "" ? null : text) };

/**
 * Spec §5: "Number input keeps digits, dot and minus, with the minus only at the start"; the
 * locale's decimal and group marks are kept too, and the parser decides what they mean —
 * dropping a comma would turn a German 12,5 into 125.
 */
export function sanitizeNumber(text: string): string {
  const negative = text.trimStart().startsWith("-");
  return (negative ? "-" : "") + text.replace(/[^\d.,]/g, "");
}

/** Spec §5: "Integer input keeps digits and a leading minus"; 11 characters; marks as for numbers. */
export const sanitizeInteger = (text: string): string => sanitizeNumber(text).slice(0, INTEGER_INPUT_MAX_LENGTH);

/** A typed number in the locale; text that is no number stays text, so the value check names the field's type. */
function readNumber(text: string, locale: Locale) {
  if (text.trim() === "") return asIs(null);
  const parsed = parseDecimal(text, locale);
  if (parsed === null) return asIs(text);
  return parsed;
}

const writeNumber = (value: unknown, locale: Locale) => (typeof value === "number" ? formatDecimal(value, locale) : String(value));

export const numberText: EntryText = { sanitize: sanitizeNumber, read: readNumber, write: writeNumber };
export const integerText: EntryText = { sanitize: sanitizeInteger, read: readNumber, write: writeNumber };

export const booleanText: EntryText = {
  ...plainText,
  read: (text) => asIs(text === "" ? null : text === "true" ? true : text === "false" ? false : text),
};

export const emailText: EntryText = { ...optionalText, sanitize: (text) => sanitizeEmail(text) };

/** Spec §5: "Phone keeps digits and . + ( ) -". */
export const sanitizePhone = (text: string) => text.replace(/[^\d.+()-]/g, "");
export const phoneText: EntryText = { ...optionalText, sanitize: sanitizePhone };

const pad = (value: number) => String(value).padStart(2, "0");

/** A stored instant as the local date and time a datetime-local input shows (with seconds when it has some). */
function localDateTime(instant: string | number, withSeconds = false): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const minutes = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return withSeconds ? `${minutes}:${pad(date.getSeconds())}` : minutes;
}

/** A datetime-local input gives the local time without a zone; the API wants an instant. */
export const dateTimeText: EntryText = {
  ...optionalText,
  read(text) {
    if (text === "") return asIs(null);
    const date = new Date(text);
    return asIs(Number.isNaN(date.getTime()) ? text : date.toISOString());
  },
  write: (value) => (typeof value === "string" ? localDateTime(value) : String(value)),
};

/** Seconds since the epoch; its input is a local date and time to the second, or seconds typed as a number (CSV, pasted values). */
export const timestampText: EntryText = {
  ...optionalText,
  read(text) {
    if (text.trim() === "") return asIs(null);
    if (/^-?\d+$/.test(text.trim())) return asIs(Number(text));
    const date = new Date(text);
    return asIs(Number.isNaN(date.getTime()) ? text : Math.floor(date.getTime() / 1000));
  },
  write: (value) => (typeof value === "number" ? localDateTime(value * 1000, true) : String(value)),
};

/**
 * Lists are typed with a separator between elements: a comma, or a semicolon where the comma is
 * the locale's decimal mark and the elements are numbers (German 1,5; 2,5).
 */
export function listSeparator(element: EntryText, locale: Locale): string {
  return (element === numberText || element === integerText) && DECIMAL_MARKS[locale].decimal === "," ? ";" : ",";
}

export function listText(element: EntryText): EntryText {
  return {
    sanitize: plainText.sanitize,
    read(text, locale) {
      if (text.trim() === "") return asIs(null);
      const values: unknown[] = [];
      for (const part of text.split(listSeparator(element, locale))) {
        const read = element.read(part.trim(), locale);
        if ("problem" in read) return read;
        values.push(read.value);
      }
      return asIs(values);
    },
    write: (value, locale) =>
      Array.isArray(value) ? value.map((item) => element.write(item, locale)).join(`${listSeparator(element, locale)} `) : String(value),
    separator: (locale) => listSeparator(element, locale),
  };
}
