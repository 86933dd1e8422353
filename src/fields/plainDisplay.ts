import type { DisplayContext } from "./fieldKindUi";

/** A value shown as stored: text as it is, anything structured as its JSON. */
export const plainDisplay = (value: unknown, _context?: DisplayContext): string => (typeof value === "object" ? JSON.stringify(value) : String(value));
