/**
 * Just enough language handling for short German and English requests: folding, words,
 * stemming by stripping plural and case endings, and a guess at the language.
 */

export type Language = "en" | "de";

/** Lower case, ß → ss, accents and umlauts dropped ("Beiträge" → "beitrage"). */
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");

/** Folded words; hyphens and punctuation separate words ("Online-Shop" → online, shop). */
export const words = (text: string) => fold(text).split(/[^a-z0-9]+/).filter(Boolean);

// German plural and case endings first by length, then English ones.
const ENDINGS = ["innen", "nen", "ern", "en", "er", "es", "e", "n", "s"];

/**
 * The word and every form left after stripping one ending, longest first: "kontakten" →
 * kontakten, kontakte, kontakt…; "categories" → category. Looking them up in this order finds
 * "Spielern" as spieler (player) before spiel (match).
 */
export function stems(word: string): string[] {
  const forms = [word];
  if (word.endsWith("ies") && word.length > 4) forms.push(`${word.slice(0, -3)}y`);
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= 2) forms.push(word.slice(0, -ending.length));
  }
  return forms.sort((a, b) => b.length - a.length);
}

const HINTS: Record<Language, Set<string>> = {
  de: new Set(
    "ich wir ein eine einen einem einer mit und fur der die das den dem des brauche brauchen mochte mochten will wollen unsere unser meine mein sowie oder von zum zur soll sollen verwalten fuer auch".split(
      " ",
    ),
  ),
  en: new Set(
    "i we a an the with and for need want my our of to manage track that which where can should keep".split(" "),
  ),
};

/** The language with more of its small words; German when the text has umlauts or ß and no clear winner. */
export function guessLanguage(text: string): Language {
  const tokens = words(text);
  const count = (language: Language) => tokens.filter((token) => HINTS[language].has(token)).length;
  const de = count("de");
  const en = count("en");
  if (de !== en) return de > en ? "de" : "en";
  return /[äöüß]/i.test(text) ? "de" : "en";
}

/** English words after which a listed word is a verb ("to book", "can track"), not a table. */
export const VERB_CUES = new Set(["to", "can", "could", "will", "would", "may", "might", "should", "must", "cannot", "lets"]);
