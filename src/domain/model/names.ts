/** Names of spec §3 and §5: reserved words, the read-only system fields, sanitising. */

/** Spec §3 "Reserved type names"; compared case-insensitively. */
export const RESERVED_TYPE_NAMES = ["Activity", "ApiKey", "Subscription", "Query", "Mutation"] as const;

/**
 * Not in the spec's list, but a project already has these built-in tables and GraphQL scalars,
 * so a table or enum of that name would clash when published. Refused with the same message.
 */
export const BUILT_IN_TYPE_NAMES = [
  "CloudFunction",
  "FileDocument",
  "String",
  "Int",
  "Float",
  "Boolean",
  "ID",
  // The generic Type model of spec §7 (type, listTypes, createType…) is on every project's API.
  "Type",
  "Types",
] as const;

/** The three system fields every table has, read-only (spec §3). */
export const READONLY_FIELD_NAMES = ["id", "createdAt", "updatedAt"] as const;
export type ReadonlyFieldName = (typeof READONLY_FIELD_NAMES)[number];

/** Spec §3 "Reserved field names (case-insensitive)". The system fields carry three of them. */
export const RESERVED_FIELD_NAMES = [
  "id",
  "createdAt",
  "updatedAt",
  "pbac0sub",
  "gsi1sk",
  "gsi2sk",
  "gsi0sortby",
  "pk",
  "sk",
  "fields",
  "connections",
  "directives",
  "ofType",
  "namespace",
  "version",
  "data",
] as const;

/** Type and field names: "more than 1 character" (spec §5). */
export const NAME_MIN_LENGTH = 2;
/** Enum names and values: at most 64 characters (spec §5). */
export const ENUM_NAME_MAX_LENGTH = 64;
/** Trigger names: at least 3 characters (spec §5). */
export const TRIGGER_NAME_MIN_LENGTH = 3;

// GraphQL's name grammar; names starting with "__" belong to GraphQL itself (__typename).
const NAME_PATTERN = /^(?!__)[A-Za-z_][A-Za-z0-9_]*$/;

/** Letters, digits and underscore, not starting with a digit. */
export const isValidName = (name: string) => NAME_PATTERN.test(name);

const lowerIncludes = (list: readonly string[], name: string) =>
  list.some((entry) => entry.toLowerCase() === name.toLowerCase());

export const isReservedTypeName = (name: string) =>
  lowerIncludes(RESERVED_TYPE_NAMES, name) || lowerIncludes(BUILT_IN_TYPE_NAMES, name);

export const isReservedFieldName = (name: string) => lowerIncludes(RESERVED_FIELD_NAMES, name);

export const isReadonlyFieldName = (name: string): name is ReadonlyFieldName =>
  (READONLY_FIELD_NAMES as readonly string[]).includes(name);

const GERMAN_LETTERS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss" };

/**
 * Keeps letters, digits and underscore and strips leading digits (spec §5 "Names"). German
 * letters are spelled out and accents dropped first, so "Größe" becomes "Groesse", not "Gre".
 */
export function sanitizeName(input: string): string {
  return input
    .replace(/[äöüÄÖÜß]/g, (letter) => GERMAN_LETTERS[letter])
    .normalize("NFD")
    .replace(/[^A-Za-z0-9_]/g, "")
    .replace(/^[0-9]+/, "");
}

/** prefixN with N one above the highest existing (spec §5: newFieldN, NewTableN). */
export function nextNumberedName(prefix: string, existing: readonly string[]): string {
  const pattern = new RegExp(`^${prefix}(\\d+)$`, "i");
  const highest = existing.reduce((max, name) => {
    const match = pattern.exec(name);
    return match ? Math.max(max, Number(match[1])) : max;
  }, 0);
  return `${prefix}${highest + 1}`;
}
