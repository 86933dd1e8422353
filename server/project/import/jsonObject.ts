import { refuse } from "../../graphqlKit/errors";

/** A JSON object sent as text (an entry's values, a request's variables); anything else is refused. */
export function jsonObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw refuse("BAD_USER_INPUT", "error_import_values_invalid", "The values must be a JSON object.");
  return parsed as Record<string, unknown>;
}
