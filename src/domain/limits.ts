import { INLINE_FILE_MAX_BYTES } from "./files";

/**
 * Length limits of text inputs (spec §5 "Default max length is 65536"). The server refuses
 * anything longer in every GraphQL argument; forms use the same numbers for maxLength.
 */
export const DEFAULT_MAX_LENGTH = 65_536;
/** Spec §5: queryExplorerString, 64 KB. */
export const QUERY_EXPLORER_STRING_MAX_LENGTH = 64 * 1024;
/** An OAuth client id is short; 256 leaves room for every provider's format. */
export const AUTH_PROVIDER_CLIENT_ID_MAX_LENGTH = 256;
/** The JSON declaration of a whole project model may be long; it still fits the 1 MB request limit. */
export const DECLARATION_MAX_LENGTH = 1_000_000;

/** uploadInlineFile's body: the largest inline file in base64 (spec §7 cloud functions). */
export const INLINE_FILE_BODY_MAX_LENGTH = Math.ceil(INLINE_FILE_MAX_BYTES / 3) * 4;

/** The most rows one list call of a project's API returns (its `limit` or `first`). */
export const LIST_MAX_LIMIT = 1000;

/** Inputs, by argument or input field name, whose limit differs from the default. */
const LIMITS_BY_FIELD: Record<string, number> = {
  queryExplorerString: QUERY_EXPLORER_STRING_MAX_LENGTH,
  authProviderClientId: AUTH_PROVIDER_CLIENT_ID_MAX_LENGTH,
  schema: DECLARATION_MAX_LENGTH,
  body: INLINE_FILE_BODY_MAX_LENGTH,
};

export function maxLengthOf(field: string | undefined): number {
  return (field && LIMITS_BY_FIELD[field]) || DEFAULT_MAX_LENGTH;
}

export type TextInputProblem = "error_input_too_long" | "error_input_nul_character";

/** NUL cannot be stored in PostgreSQL text and is never part of a real name or text. */
export function textInputProblem(field: string | undefined, value: string): TextInputProblem | null {
  if (value.length > maxLengthOf(field)) return "error_input_too_long";
  if (value.includes("\u0000")) return "error_input_nul_character";
  return null;
}

/**
 * How deeply an input value may nest (a list or object is one level): variables, literals in a
 * query, and JSON sent as text (Json values, generic filters). A filter nests at most six levels
 * of and/or/not, about fifteen levels of input; anything far deeper only serves to exhaust the
 * server's stack, so it is refused before anything walks it.
 */
export const MAX_INPUT_DEPTH = 100;

/** Whether JSON text nests deeper than `max` levels: one pass over its characters, before anything parses it. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}
