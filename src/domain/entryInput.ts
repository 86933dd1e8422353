import type { FieldType } from "./model";
import { typedNumber } from "./inputSanitizers";

/**
 * What a data-entry form holds as text and what it sends (spec §5 "Files and data"): "Number,
 * Float and Timestamp are converted to numbers. Json strings are parsed. An empty non-string
 * value becomes null." Lists are edited one value per line. The project API's Type model
 * carries Json as text, so a Json value is checked by parsing and sent as the text typed.
 */

const NUMERIC: readonly FieldType[] = ["Integer", "Float", "Timestamp"];
const LIST_ELEMENT: Partial<Record<FieldType, FieldType>> = {
  ListBoolean: "Boolean",
  ListFloat: "Float",
  ListId: "ID",
  ListInteger: "Integer",
  ListString: "String",
};

/** A value as the form shows it. */
export function inputText(fieldType: FieldType, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (LIST_ELEMENT[fieldType] && Array.isArray(value)) return value.map(String).join("\n");
  return String(value);
}

/** A converted value, or the typed text when it cannot be one (the value check then names it). */
export function inputValue(fieldType: FieldType, text: string): unknown {
  const element = LIST_ELEMENT[fieldType];
  if (element) {
    const lines = text.split("\n").filter((line) => line.trim() !== "");
    return lines.length ? lines.map((line) => scalarValue(element, line.trim())) : null;
  }
  return scalarValue(fieldType, text);
}

function scalarValue(fieldType: FieldType, text: string): unknown {
  // A String may be empty; every other type without a value has none.
  if (text === "") return fieldType === "String" || fieldType === "Dynamic" ? "" : null;
  if (NUMERIC.includes(fieldType)) return typedNumber(text) ?? text;
  if (fieldType === "Boolean") return text === "true" ? true : text === "false" ? false : text;
  return text;
}

/** Equal as the form compares: so an untouched form is never "changed". */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
