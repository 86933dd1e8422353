import ipaddr from "ipaddr.js";
import { isValidEmail } from "../account";
import { isValidUrl } from "../url";
import { DEFAULT_MAX_LENGTH, jsonNestsDeeperThan, MAX_INPUT_DEPTH } from "../limits";

/**
 * The value checks of spec §5 "General input" per scalar, read by the field-type registry: the
 * console checks a form with them before sending and the project API refuses with them, so a
 * value is never accepted on one side and refused on the other.
 */

/** One scalar's check; the message key names what was expected. */
export interface ValueCheck {
  ok(value: unknown): boolean;
  messageId: string;
}

/** Spec §5: "Int is limited to -2^31 up to 2^31-1, the minimum being exclusive." */
export const INT_MIN_EXCLUSIVE = -(2 ** 31);
export const INT_MAX = 2 ** 31 - 1;

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

export const CHECKS = {
  integer: {
    ok: (value) => typeof value === "number" && Number.isInteger(value) && value > INT_MIN_EXCLUSIVE && value <= INT_MAX,
    messageId: "error_value_integer",
  },
  float: { ok: (value) => typeof value === "number" && Number.isFinite(value), messageId: "error_value_float" },
  boolean: { ok: (value) => typeof value === "boolean", messageId: "error_value_boolean" },
  id: { ok: (value) => typeof value === "string" && value.length > 0 && value.length <= 1024, messageId: "error_value_id" },
  text: { ok: isText, messageId: "error_value_string" },
  date: { ok: (value) => typeof value === "string" && isCalendarDate(value), messageId: "error_value_date" },
  dateTime: { ok: (value) => typeof value === "string" && isDateTime(value), messageId: "error_value_datetime" },
  time: { ok: (value) => typeof value === "string" && TIME.test(value), messageId: "error_value_time" },
  /** Seconds since the epoch (spec §5: "Timestamp [is] converted to numbers"). */
  timestamp: { ok: (value) => typeof value === "number" && Number.isSafeInteger(value), messageId: "error_value_timestamp" },
  email: { ok: (value) => typeof value === "string" && isValidEmail(value), messageId: "error_value_email" },
  ipAddress: { ok: (value) => typeof value === "string" && isIpAddress(value), messageId: "error_value_ip_address" },
  json: { ok: (value) => isText(value) && isJsonText(value), messageId: "error_value_json" },
  phone: { ok: (value) => typeof value === "string" && PHONE.test(value) && /\d.*\d.*\d/.test(value), messageId: "error_value_phone" },
  url: { ok: (value) => typeof value === "string" && isValidUrl(value), messageId: "error_value_url" },
  /** Enums are checked against the project's enum by values.ts; any text passes here. */
  enum: { ok: (value) => typeof value === "string", messageId: "error_value_enum" },
} satisfies Record<string, ValueCheck>;
