/**
 * The input sanitisers of spec §5 "General input": what a field keeps of what is typed, so a
 * value of the wrong shape cannot be typed at all. Limits of spec §5 "Files and data".
 */

/** Spec §5: "Integer inputs have a max length of 11. Other inputs have 1024." */
export const DATA_ENTRY_MAX_LENGTH = { integer: 11, other: 1024 } as const;

/** "Number input keeps digits, dot and minus, with the minus only at the start and a single dot." */
export function sanitizeNumber(text: string): string {
  const negative = text.trimStart().startsWith("-");
  const [whole = "", ...rest] = text.replace(/[^\d.]/g, "").split(".");
  const decimals = rest.length ? `.${rest.join("")}` : "";
  return `${negative ? "-" : ""}${whole}${decimals}`;
}

/** "Integer input keeps digits and a leading minus" (max length 11 in data entry). */
export function sanitizeInteger(text: string, maxLength: number = DATA_ENTRY_MAX_LENGTH.integer): string {
  const negative = text.trimStart().startsWith("-");
  return `${negative ? "-" : ""}${text.replace(/\D/g, "")}`.slice(0, maxLength);
}

/** "Phone keeps digits and . + ( ) -." */
export const sanitizePhone = (text: string): string => text.replace(/[^\d.+()-]/g, "");

/** A number typed into a sanitised input, or null while it is not one yet ("-", "1."). */
export function typedNumber(text: string): number | null {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
