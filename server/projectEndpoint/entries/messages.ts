import type { ValueProblem } from "../../../src/domain/values";
import { refuse } from "../../graphqlKit/errors";

/**
 * English texts of the project API's refusals, for callers without the console; the console
 * shows the messageId's localized text (locales/*.json, same wording).
 */
const ENGLISH: Record<string, string> = {
  error_value_integer: "{field} must be a whole number above -2147483648 and at most 2147483647.",
  error_value_float: "{field} must be a number.",
  error_value_boolean: "{field} must be true or false.",
  error_value_id: "{field} must be an id of 1 to 1024 characters.",
  error_value_string: "{field} must be a text of at most 65536 characters.",
  error_value_date: "{field} must be a date such as 2024-05-01.",
  error_value_datetime: "{field} must be a date and time such as 2024-05-01T12:00:00Z.",
  error_value_time: "{field} must be a time such as 12:30 or 12:30:00Z.",
  error_value_timestamp: "{field} must be a whole number of seconds since 1970.",
  error_value_email: "{field} must be an email address.",
  error_value_ip_address: "{field} must be an IPv4 or IPv6 address.",
  error_value_json: "{field} must be valid JSON.",
  error_value_phone: "{field} must be a phone number (digits and . + ( ) -).",
  error_value_url: "{field} must be a URL starting with http, https, ftp or sftp.",
  error_value_enum: "{field} must be one of: {allowed}.",
  error_value_list: "{field} must be a list of at most {max} values of its type.",
  error_value_required: "{field} is required.",
  error_value_readonly: "{field} is set by the server and cannot be written.",
  error_value_unknown_field: "{field} is not a field of this table.",
};

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));

/** A refused value as a GraphQL error: BAD_USER_INPUT with the field in the extensions. */
export function valueRefusal(problem: ValueProblem) {
  const values = { field: problem.field, ...problem.values };
  return refuse("BAD_USER_INPUT", problem.messageId, fill(ENGLISH[problem.messageId] ?? "{field} is not valid.", values), values);
}
