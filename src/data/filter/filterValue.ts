import { operandOf, type FilterOperator, type FilterValue } from "../../domain/filters";
import type { FieldType } from "../../domain/model";
import { fieldTypeDefinition, parseDecimal } from "../../domain/fields";
import { FALLBACK_LOCALE, type Locale } from "../../domain/locale";

/** What the value step shows for a field type and operator. */
export type ValueInputKind = "yesNo" | "boolean" | "enum" | "integer" | "number" | "date" | "dateTime" | "time" | "email" | "phone" | "text";

export function valueInputKind(fieldType: FieldType, operator: FilterOperator): ValueInputKind {
  if (operator === "attributeExists") return "yesNo";
  const operand = operandOf(fieldType, operator);
  if (operand === "Boolean") return "boolean";
  if (operand === "Int") return "integer";
  if (operand === "Float") return "number";
  // A part of a date ("2024-05") is a fine beginsWith or contains; only whole values get pickers.
  const partial = operator === "beginsWith" || operator === "contains" || operator === "notContains";
  const input = fieldTypeDefinition(fieldType).input;
  const wholeValue = { enum: "enum", date: "date", datetime: "dateTime", time: "time" } as const;
  if (input === "email" || input === "phone") return input;
  if (input in wholeValue) return input === "enum" || !partial ? wholeValue[input as keyof typeof wholeValue] : "text";
  return "text";
}

/** A number typed in the locale, or null while it is not one yet ("-", "1,") or cannot be read unambiguously. */
function typedNumber(text: string, locale: Locale): number | null {
  const parsed = parseDecimal(text, locale);
  return parsed && "value" in parsed ? parsed.value : null;
}

/** A yes/no choice starts at yes, so Apply works at once. */
export const initialValueText = (kind: ValueInputKind) => (kind === "yesNo" || kind === "boolean" ? "true" : "");

/** The typed text as the value sent, or null while it is not a value yet. */
export function filterValueFromText(kind: ValueInputKind, text: string, locale: Locale = FALLBACK_LOCALE): FilterValue | null {
  switch (kind) {
    case "yesNo":
    case "boolean":
      return text === "true" ? true : text === "false" ? false : null;
    case "integer":
    case "number":
      return typedNumber(text, locale);
    case "dateTime": {
      // The picker gives local time without a zone; the stored values carry one (ISO 8601 in UTC).
      const instant = new Date(text);
      return text && !Number.isNaN(instant.getTime()) ? instant.toISOString() : null;
    }
    default:
      return text === "" ? null : text;
  }
}
