import { FALLBACK_LOCALE, type Locale } from "./locale";
import { effectiveFieldType, type EnumType, type Field } from "./model";
import { DECIMAL_MARKS, fieldTypeDefinition, type EntryInputKind } from "./fields";
import { valueProblem, type ValueProblem } from "./values";

/**
 * One value typed into a data form, grid cell or filter, as its field type reads and writes it
 * (src/domain/fields): what the input keeps while typing, how the text becomes the value sent,
 * and the check the project API applies to that value, so a cell and the record editor refuse
 * exactly what the server would.
 */

export { INPUT_MAX_LENGTH, INTEGER_INPUT_MAX_LENGTH, sanitizeInteger, sanitizeNumber, sanitizePhone } from "./fields";
export type { EntryInputKind } from "./fields";

const definitionOf = (field: Field) => fieldTypeDefinition(effectiveFieldType(field) ?? "String");

export const entryInputKind = (field: Field): EntryInputKind => definitionOf(field).input;

/** What an input keeps of what was typed, by the value's type. */
/** What separates a list field's values as typed in this locale (a comma, or a semicolon beside a decimal comma); null for single values. */
export const entrySeparator = (field: Field, locale: Locale): string | null => definitionOf(field).text.separator?.(locale) ?? null;

export const sanitizeEntryText = (field: Field, text: string, locale: Locale = FALLBACK_LOCALE): string => definitionOf(field).text.sanitize(text, locale);

/** The text an input starts with for a stored value. */
export function entryText(field: Field, value: unknown, locale: Locale = FALLBACK_LOCALE): string {
  if (value === null || value === undefined) return "";
  return definitionOf(field).text.write(value, locale);
}

/**
 * Spec §5 "Number, Float and Timestamp are converted to numbers. Json strings are parsed [by
 * the server]. An empty non-string value becomes null." A text that cannot be read stays text.
 */
export function entryValueOf(field: Field, text: string, locale: Locale = FALLBACK_LOCALE): unknown {
  const read = definitionOf(field).text.read(text, locale);
  return "value" in read ? read.value : text;
}

/** The typed text as the value to send, or the problem the project API (or the locale's number rule) refuses it with. */
export function readEntryText(field: Field, text: string, enums: readonly EnumType[], locale: Locale = FALLBACK_LOCALE): { value: unknown; problem: ValueProblem | null } {
  const read = definitionOf(field).text.read(text, locale);
  if ("problem" in read) return { value: text, problem: entryTextProblem(field, read.problem, locale) };
  return { value: read.value, problem: valueProblem(field, read.value, enums) };
}

/** A number the locale's rule refuses: the message says which decimal mark the locale writes. */
export const entryTextProblem = (field: Field, messageId: string, locale: Locale): ValueProblem => ({
  messageId,
  field: field.name,
  values: { decimal: DECIMAL_MARKS[locale].decimal },
});

/** The problem of a typed text before any value check, or null. */
export function typedTextProblem(field: Field, text: string, locale: Locale): ValueProblem | null {
  const read = definitionOf(field).text.read(text, locale);
  return "problem" in read ? entryTextProblem(field, read.problem, locale) : null;
}
