import { fieldTypeDefinition } from "./fields";
import { effectiveFieldType, isSystemField, requiredFlags, type EnumType, type Field, type ObjectType } from "./model";

/**
 * A data entry's values checked by field type (spec §5 "General input" and "Files and data"),
 * with each type's check from the field-type registry (src/domain/fields). The console checks a
 * form with these before sending; the project API refuses with the same functions, so a value is
 * never accepted on one side and refused on the other.
 */

/** A refused value: the message key, and the field it concerns for the message's {field}. */
export interface ValueProblem {
  messageId: string;
  field: string;
  values?: Record<string, string | number>;
}

export { INT_MAX, INT_MIN_EXCLUSIVE } from "./fields";

/** What one write does, for the per-operation required flags. */
export type WriteOperation = "create" | "update" | "delete";

/** A list holds at most this many values (the general text limit bounds each one). */
export const LIST_MAX_LENGTH = 1000;

/** One field's value; null means "no value" and is checked by the required rules instead. */
export function valueProblem(field: Field, value: unknown, enums: readonly EnumType[]): ValueProblem | null {
  if (value === null || value === undefined) return null;
  const fieldType = effectiveFieldType(field);
  const problem = (messageId: string, values?: ValueProblem["values"]): ValueProblem => ({ messageId, field: field.name, values });
  if (fieldType === null) return problem("error_value_unknown_field");
  if (fieldType === "Enum") {
    const enumType = enums.find((candidate) => candidate.id === field.typeId);
    const allowed = enumType?.values.map((entry) => entry.name) ?? [];
    return typeof value === "string" && allowed.includes(value) ? null : problem("error_value_enum", { allowed: allowed.join(", ") });
  }
  const definition = fieldTypeDefinition(fieldType);
  const check = definition.check;
  if (definition.list) {
    if (!Array.isArray(value) || value.length > LIST_MAX_LENGTH) return problem("error_value_list", { max: LIST_MAX_LENGTH });
    return value.every((element) => element !== null && check.ok(element)) ? null : problem(check.messageId);
  }
  return check.ok(value) ? null : problem(check.messageId);
}

/** Empty for the required rules: no value, or an empty list (spec §5 "validated as non-empty when mandatory"). */
const isEmpty = (value: unknown) => value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === "";

const REQUIRED_FLAG = { create: "requiredOnCreate", update: "requiredOnUpdate", delete: "requiredOnDelete" } as const;

/**
 * The first problem of a write's input: a system field set by the caller (id, createdAt and
 * updatedAt are the server's), a field the table does not have, a value of the wrong type, or a
 * required field missing or empty. `input` holds only what the caller sent.
 */
export function entryInputProblem(
  objectType: ObjectType,
  enums: readonly EnumType[],
  input: Readonly<Record<string, unknown>>,
  operation: WriteOperation,
): ValueProblem | null {
  const fields = new Map(objectType.fields.map((field) => [field.name, field]));
  for (const [name, value] of Object.entries(input)) {
    const field = fields.get(name);
    if (!field) return { messageId: "error_value_unknown_field", field: name };
    if (isSystemField(field)) return { messageId: "error_value_readonly", field: name };
    if (operation === "delete") continue;
    const problem = valueProblem(field, value, enums);
    if (problem) return problem;
  }
  for (const field of objectType.fields) {
    if (isSystemField(field) || !requiredFlags(field)[REQUIRED_FLAG[operation]]) continue;
    // Spec §5: "On update, only changed fields plus the mandatory update keys are sent" — so
    // every operation must be sent the values it requires, non-empty.
    if (!Object.prototype.hasOwnProperty.call(input, field.name) || isEmpty(input[field.name])) {
      return { messageId: "error_value_required", field: field.name };
    }
  }
  return null;
}
