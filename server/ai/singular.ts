import { sanitizeName } from "../../src/domain/model";
import type { Language } from "./text";

const UMLAUTS: Record<string, string> = { ä: "a", ö: "o", ü: "u" };

/**
 * One lower-case word in its singular form, by the plural rules of its language. German keeps
 * its umlauts, and drops the one a plural added ("Spaziergänge" → spaziergang, "Gäste" → gast).
 */
export function singular(word: string, language: Language): string {
  if (language === "de") {
    for (const [ending, replacement] of [
      ["innen", "in"],
      ["ungen", "ung"],
      ["heiten", "heit"],
      ["keiten", "keit"],
      ["nisse", "nis"],
      ["ern", "er"],
    ] as const) {
      if (word.endsWith(ending) && word.length - ending.length >= 3) return word.slice(0, -ending.length) + replacement;
    }
    // "mit Hunden", "Spaziergängen": the dative plural; nouns the knowledge table has are found by their stems instead.
    if (word.endsWith("en") && word.length > 5) return withoutPluralUmlaut(word.slice(0, -2));
    if (word.endsWith("e") && word.length > 4) return withoutPluralUmlaut(word.slice(0, -1));
    if (word.endsWith("s") && word.length > 4 && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
    return word;
  }
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(?:ss|us|is)$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/** The umlaut of the stem's last vowel, which many German plurals add, taken back. */
function withoutPluralUmlaut(stem: string): string {
  const match = /([äöü])([^aeiouäöü]*)$/.exec(stem);
  return match ? stem.slice(0, match.index) + UMLAUTS[match[1]] + match[2] : stem;
}

/** "dog walker" → DogWalker, "hundeausführer" → Hundeausfuehrer: a table name from words. */
export function pascalName(text: string): string {
  return sanitizeName(
    text
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
      .join(""),
  );
}
