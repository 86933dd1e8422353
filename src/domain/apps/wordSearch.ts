import type { FilterExpression } from "../filters";

/** Most words a search looks for (each costs a condition per field). */
export const MAX_SEARCH_WORDS = 5;
/** Longest search word kept (a pinned search is stored in the app's schema). */
export const MAX_SEARCH_WORD_CHARS = 100;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Entries whose `fields` contain any of `words`, as typed in lower case or capitalized (the
 * endpoint's `contains` is case-sensitive): the chatbot's built-in search, and a table view
 * pinned from one of its answers.
 */
export function wordSearchFilter(fields: readonly string[], words: readonly string[]): FilterExpression {
  const variants = words.flatMap((word) => (capitalized(word) === word ? [word] : [word, capitalized(word)]));
  return { or: fields.flatMap((field) => variants.map((value) => ({ [field]: { contains: value } }))) } as unknown as FilterExpression;
}
