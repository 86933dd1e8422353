import ipaddr from "ipaddr.js";
import { isValidEmail } from "./account";
import { isValidUrl } from "./url";
import { DEFAULT_MAX_LENGTH, jsonNestsDeeperThan, MAX_INPUT_DEPTH } from "./limits";
import { effectiveFieldType, isSystemField, requiredFlags, type EnumType, type Field, type FieldType, type ObjectType } from "./model";

/**
 * A data entry's values checked by field type (spec §5 "General input" and "Files and data").
 * The console checks a form with these before sending; the project API refuses with the same
 * functions, so a value is never accepted on one side and refused on the other.
 */

/** A refused value: the message key, and the field it concerns for the message's {field}. */
export interface ValueProblem {
  messageId: string;
  field: string;
  values?: Record<string, string | number>;
}

/** Spec §5: "Int is limited to -2^31 up to 2^31-1, the minimum being exclusive." */
export const INT_MIN_EXCLUSIVE = -(2 ** 31);
export const INT_MAX = 2 ** 31 - 1;

/** What one write does, for the per-operation required flags. */
export type WriteOperation = "create" | "update" | "delete";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:([0-5]\d)(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(.+)$/;
/** Spec §5: "Phone keeps digits and . + ( ) -"; a leading + and at least three digits. */
const PHONE = /^\+?[\d.()\- ]{3,32}$/;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** ISO 8601 date and time; the zone (Z or an offset) is required, so the instant is unambiguous. */
function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match || !isCalendarDate(match[1])) return false;
  const time = TIME.exec(match[2]);
  return time !== null && time[6] !== undefined;
}

const isIpAddress = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);

/** Nested deeper than MAX_INPUT_DEPTH is refused unparsed: storing and reading such a value recurses through it. */
const isJsonText = (text: string) => {
  if (jsonNestsDeeperThan(text, MAX_INPUT_DEPTH)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const isText = (value: unknown): value is string => typeof value === "string" && value.length <= DEFAULT_MAX_LENGTH;

/** Scalar checks; the message key names what was expected. */
const SCALAR_CHECKS: Record<string, { ok: (value: unknown) => boolean; messageId: string }> = {
  Integer: {
    ok: (value) => typeof value === "number" && Number.isInteger(value) && value > INT_MIN_EXCLUSIVE && value <= INT_MAX,
    messageId: "error_value_integer",
  },
  Float: { ok: (value) => typeof value === "number" && Number.isFinite(value), messageId: "error_value_float" },
  Boolean: { ok: (value) => typeof value === "boolean", messageId: "error_value_boolean" },
  ID: { ok: (value) => typeof value === "string" && value.length > 0 && value.length <= 1024, messageId: "error_value_id" },
  String: { ok: isText, messageId: "error_value_string" },
  Dynamic: { ok: isText, messageId: "error_value_string" },
  Date: { ok: (value) => typeof value === "string" && isCalendarDate(value), messageId: "error_value_date" },
  DateTime: { ok: (value) => typeof value === "string" && isDateTime(value), messageId: "error_value_datetime" },
  Time: { ok: (value) => typeof value === "string" && TIME.test(value), messageId: "error_value_time" },
  /** Seconds since the epoch (spec §5: "Timestamp [is] converted to numbers"). */
  Timestamp: { ok: (value) => typeof value === "number" && Number.isSafeInteger(value), messageId: "error_value_timestamp" },
  Email: { ok: (value) => typeof value === "string" && isValidEmail(value), messageId: "error_value_email" },
  IpAddress: { ok: (value) => typeof value === "string" && isIpAddress(value), messageId: "error_value_ip_address" },
  Json: { ok: (value) => isText(value) && isJsonText(value), messageId: "error_value_json" },
  Phone: { ok: (value) => typeof value === "string" && PHONE.test(value) && /\d.*\d.*\d/.test(value), messageId: "error_value_phone" },
  Url: { ok: (value) => typeof value === "string" && isValidUrl(value), messageId: "error_value_url" },
};

const LIST_ELEMENT: Partial<Record<FieldType, FieldType>> = {
  ListBoolean: "Boolean",
  ListFloat: "Float",
  ListId: "ID",
  ListInteger: "Integer",
  ListString: "String",
};

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
  const elementType = LIST_ELEMENT[fieldType];
  if (elementType) {
    if (!Array.isArray(value) || value.length > LIST_MAX_LENGTH) return problem("error_value_list", { max: LIST_MAX_LENGTH });
    const check = SCALAR_CHECKS[elementType];
    return value.every((element) => element !== null && check.ok(element)) ? null : problem(check.messageId);
  }
  const check = SCALAR_CHECKS[fieldType];
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
