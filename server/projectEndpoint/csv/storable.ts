/**
 * Text PostgreSQL cannot keep in text or jsonb: the NUL character, and half of a surrogate pair
 * (a character with no UTF-8 form, which JSON can still spell as `\ud800`). A cell holding one
 * would make the database refuse the whole batch; the import refuses the row instead.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "g");

export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/** Whether every string in a value (list items, object keys and values) can be stored. */
export function isStorableValue(value: unknown): boolean {
  if (typeof value === "string") return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableValue);
  if (value && typeof value === "object") return Object.entries(value).every(([key, item]) => isStorableText(key) && isStorableValue(item));
  return true;
}

/** The text with each unstorable character replaced by U+FFFD, so a refused row can still be kept and shown. */
export const storableText = (text: string) => (isStorableText(text) ? text : text.replace(UNSTORABLE_ALL, "\uFFFD"));
