/** Spec §2: "Cell text is truncated to 50 characters plus an ellipsis." */
export const CELL_TEXT_MAX = 50;

/** A value's text (displayValue.ts) as one cell line, cut after 50 characters. */
export const cellText = (text: string): string => (text.length > CELL_TEXT_MAX ? `${text.slice(0, CELL_TEXT_MAX)}…` : text);
