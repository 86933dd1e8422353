import { isSystemField, type FieldType, type ObjectType } from "./model";

/** Entries the 'Link a … entry' picker shows at once; more with 'Next'. */
export const PICKER_PAGE_SIZE = 10;

/** Field types a person reads an entry by (dates, numbers and choices are not typed to find one). */
const READABLE_TYPES: readonly FieldType[] = ["String", "Email", "Phone", "Url"];
/** Fields that name a record, searched first (as recordLabel reads them). */
const NAMING_FIELDS = ["name", "title", "label", "email", "username"];
const MAX_SEARCHED_FIELDS = 6;

/** The fields the picker searches: naming fields first, then the table's other readable fields. */
export function searchableFields(table: ObjectType): string[] {
  const readable = table.fields.filter((field) => !isSystemField(field) && field.type != null && READABLE_TYPES.includes(field.type)).map((field) => field.name);
  const rank = (name: string) => {
    const at = NAMING_FIELDS.indexOf(name.toLowerCase());
    return at === -1 ? NAMING_FIELDS.length : at;
  };
  return [...readable].sort((a, b) => rank(a) - rank(b)).slice(0, MAX_SEARCHED_FIELDS);
}

/**
 * The list filter (JSON text for listTypes) that finds entries whose readable fields contain
 * the typed text, or whose id does (a pasted id). The endpoint's `contains` matches case as
 * written, so the text is also asked for in lower case and with a capital first letter — 'rex'
 * finds 'Rex'. Undefined for an empty search: every entry.
 */
export function recordSearchFilter(table: ObjectType, text: string): string | undefined {
  const typed = text.trim();
  if (!typed) return undefined;
  const variants = [...new Set([typed, typed.toLowerCase(), typed.charAt(0).toUpperCase() + typed.slice(1).toLowerCase()])];
  const conditions = [
    ...searchableFields(table).flatMap((field) => variants.map((variant) => ({ [field]: { contains: variant } }))),
    { id: { contains: typed } },
  ];
  return JSON.stringify({ or: conditions });
}
