import type { DraftTable } from "../templates/build";
import { LIST_CUES } from "./understand";
import { words, type Language } from "./text";

/** Words in a list item that are not the thing itself ("the", "their", "alle"…). */
const FILLERS = new Set(
  "a an the their its his her some all any many lots of for to in on at by from die der das den dem des ein eine einen einem einer ihre ihren seine seinen alle viele fur zu von im am".split(" "),
);
/** Separators of a list: commas, "and", "or", "und", "oder", "&". */
const SEPARATORS = /\s*(?:,|;|&|\band\b|\bor\b|\bund\b|\boder\b|\bplus\b)\s*/iu;

/**
 * The things a prompt lists after "with"/"mit" ("with dogs, owners and walks"), each as the
 * words of one item, up to the end of the sentence.
 */
export function listedItems(prompt: string): string[][] {
  const sentences = prompt.split(/[.!?:\n]+/u);
  return sentences.flatMap((sentence) => {
    const cue = sentence.split(/\s+/u).findIndex((word) => LIST_CUES.has(words(word)[0] ?? ""));
    if (cue < 0) return [];
    const rest = sentence.split(/\s+/u).slice(cue + 1).join(" ");
    return rest
      .split(SEPARATORS)
      .map((item) => words(item).filter((word) => !FILLERS.has(word)))
      .filter((item) => item.length > 0 && item.length <= 3);
  });
}

/** One word in its singular form, by the plural rules of the prompt's language. */
export function singular(word: string, language: Language): string {
  if (language === "de") {
    for (const [ending, replacement] of [["innen", "in"], ["ungen", "ung"], ["heiten", "heit"], ["keiten", "keit"], ["ern", "er"], ["en", ""], ["e", ""], ["s", ""]] as const) {
      if (word.endsWith(ending) && word.length - ending.length >= 3) return word.slice(0, -ending.length) + replacement;
    }
    return word;
  }
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && word.length > 3) return word.slice(0, -1);
  return word;
}

/** "dog walks" → "DogWalk": the table name of a listed item, its last word singular. */
export function tableName(item: readonly string[], language: Language): string {
  const last = singular(item[item.length - 1], language);
  return [...item.slice(0, -1), last].map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

/** A table for a listed thing the lexicon does not know: a name and notes to start from. */
export function plainTable(name: string): DraftTable {
  return { name, fields: { name: "String required", notes: "String" } };
}
