import { cellText } from "../entries/cellText";

/** A value inside a list or an object: text as written, anything deeper as compact JSON. */
const itemText = (value: unknown): string =>
  value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

/**
 * A value as one line of a connection card: a list as its items ("red, green"), a JSON object
 * as its entries ("size: 3, unit: cm"), cut like a grid cell, so no brackets and quotes and no
 * card as long as the value.
 */
export function cardValueText(value: unknown): string {
  if (Array.isArray(value)) return cellText(value.map(itemText).join(", "));
  if (value !== null && typeof value === "object") {
    return cellText(Object.entries(value).map(([key, item]) => `${key}: ${itemText(item)}`).join(", "));
  }
  return cellText(itemText(value));
}
