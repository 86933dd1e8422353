/**
 * An imported table's values as the console's form shows them (text) and as the live API takes
 * them (JSON typed by the field's model type). Text that does not read as its type is sent as
 * typed, so the live API's own refusal names the problem.
 */
const NUMBER_TYPES = new Set(["Integer", "Float", "Timestamp"]);

export function inputValue(type: string | undefined, text: string): unknown {
  if (text.trim() === "") return null;
  if (type && NUMBER_TYPES.has(type)) {
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  if (type === "Boolean") return text === "true" ? true : text === "false" ? false : text;
  if (type === "Json" || type?.startsWith("List")) {
    try {
      const parsed: unknown = JSON.parse(text);
      // AWSJSON travels as a string of JSON; lists as lists.
      return type === "Json" ? JSON.stringify(parsed) : parsed;
    } catch {
      return text;
    }
  }
  return text;
}

export function formText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
