/** Spec §2: "Cell text is truncated to 50 characters plus an ellipsis." */
export const CELL_TEXT_MAX = 50;

/** A value as one line of cell text: lists joined, objects as JSON, cut after 50 characters. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = Array.isArray(value) ? value.join(", ") : typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > CELL_TEXT_MAX ? `${text.slice(0, CELL_TEXT_MAX)}…` : text;
}
