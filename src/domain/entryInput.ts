import { sanitizeEmail } from "./account";
import { effectiveFieldType, type EnumType, type Field, type FieldType } from "./model";
import { valueProblem, type ValueProblem } from "./values";

/**
 * Spec §5 "General input" and "Data entry" for one value typed into a data form or grid cell:
 * what the input keeps while typing (sanitise), how the text becomes the value sent (convert),
 * and the check the project API applies to that value (values.ts), so a cell and the record
 * editor refuse exactly what the server would.
 */

/** Spec §5: "Integer inputs have a max length of 11. Other inputs have 1024." */
export const INTEGER_INPUT_MAX_LENGTH = 11;
export const INPUT_MAX_LENGTH = 1024;

/** How a value is typed: the input the console shows for it. */
export type EntryInputKind = "text" | "integer" | "number" | "boolean" | "enum" | "date" | "datetime" | "time" | "timestamp" | "email" | "phone";

const INPUT_KINDS: Partial<Record<FieldType, EntryInputKind>> = {
  Integer: "integer",
  Float: "number",
  Timestamp: "timestamp",
  Boolean: "boolean",
  Enum: "enum",
  Date: "date",
  DateTime: "datetime",
  Time: "time",
  Email: "email",
  Phone: "phone",
};

export const entryInputKind = (field: Field): EntryInputKind => INPUT_KINDS[effectiveFieldType(field) ?? "String"] ?? "text";

/** Spec §5: "Number input keeps digits, dot and minus, with the minus only at the start and a single dot." */
export function sanitizeNumber(text: string): string {
  const negative = text.trimStart().startsWith("-");
  const [whole, ...rest] = text.replace(/[^\d.]/g, "").split(".");
  return (negative ? "-" : "") + whole + (rest.length ? "." + rest.join("") : "");
}

/** Spec §5: "Integer input keeps digits and a leading minus"; 11 characters in data entry. */
export function sanitizeInteger(text: string): string {
  const negative = text.trimStart().startsWith("-");
  return ((negative ? "-" : "") + text.replace(/\D/g, "")).slice(0, INTEGER_INPUT_MAX_LENGTH);
}

/** Spec §5: "Phone keeps digits and . + ( ) -". */
export const sanitizePhone = (text: string) => text.replace(/[^\d.+()-]/g, "");

/** What an input keeps of what was typed, by the value's kind. */
export function sanitizeEntryText(field: Field, text: string): string {
  switch (entryInputKind(field)) {
    case "integer":
      return sanitizeInteger(text);
    case "number":
      return sanitizeNumber(text);
    case "email":
      return sanitizeEmail(text);
    case "phone":
      return sanitizePhone(text);
    default:
      return text.slice(0, INPUT_MAX_LENGTH);
  }
}

const LIST_SEPARATOR = ",";
const isList = (fieldType: FieldType | null) => fieldType?.startsWith("List") ?? false;
const pad = (value: number) => String(value).padStart(2, "0");

/** A stored instant as the local date and time a datetime-local input shows (with seconds when it has some). */
function localDateTime(instant: string | number, withSeconds = false): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const minutes = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return withSeconds ? `${minutes}:${pad(date.getSeconds())}` : minutes;
}

/** The text an input starts with for a stored value. */
export function entryText(field: Field, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(`${LIST_SEPARATOR} `);
  if (entryInputKind(field) === "datetime" && typeof value === "string") return localDateTime(value);
  // A timestamp is seconds since the epoch; its input is a local date and time to the second.
  if (entryInputKind(field) === "timestamp" && typeof value === "number") return localDateTime(value * 1000, true);
  return String(value);
}

/**
 * Spec §5 "Number, Float and Timestamp are converted to numbers. Json strings are parsed [by
 * the server]. An empty non-string value becomes null." Lists are typed comma-separated.
 */
export function entryValueOf(field: Field, text: string): unknown {
  const fieldType = effectiveFieldType(field);
  if (isList(fieldType)) {
    if (text.trim() === "") return null;
    const elementField = { ...field, type: fieldType!.slice(4).replace("Id", "ID") as FieldType };
    return text.split(LIST_SEPARATOR).map((element) => entryValueOf(elementField, element.trim()));
  }
  const kind = entryInputKind(field);
  if (text === "" && fieldType !== "String" && fieldType !== "Dynamic") return null;
  switch (kind) {
    case "integer":
    case "number":
      return text.trim() === "" ? null : Number(text);
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    case "datetime": {
      // A datetime-local input gives the local time without a zone; the API wants an instant.
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }
    case "timestamp": {
      // Seconds typed as a number still work (CSV, pasted values); otherwise a local date and time.
      if (/^-?\d+$/.test(text.trim())) return Number(text);
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : Math.floor(date.getTime() / 1000);
    }
    default:
      return text;
  }
}

/** The typed text as the value to send, or the problem the project API would refuse it with. */
export function readEntryText(field: Field, text: string, enums: readonly EnumType[]): { value: unknown; problem: ValueProblem | null } {
  const value = entryValueOf(field, text);
  return { value, problem: valueProblem(field, value, enums) };
}
