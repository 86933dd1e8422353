import { BLUEPRINTS } from "../templates/catalog";
import { PARTS, type PartName } from "../templates/parts";
import { DOMAIN_WORDS } from "./domains";
import { PART_WORDS } from "./lexicon";
import { guessLanguage, stems, words, type Language } from "./text";

interface PartMeaning {
  part: PartName;
  /** Chosen only when the prompt already has this part. */
  secondary: boolean;
}

type Meaning =
  | { kind: "domain"; key: string }
  | { kind: "parts"; meanings: PartMeaning[]; language: Language }
  | { kind: "ignore" };

/** Phrases that would otherwise be misread: "in order to", German "pro Tag" (day, not tag). */
const IGNORED = ["in order", "pro tag", "am tag", "jeden tag", "tag fur tag", "vor ort"];

/** An English word right after these is a verb ("members can book classes"). */
const VERB_CUES = new Set(["to", "can", "could", "will", "would", "may", "might", "should", "must", "cannot", "lets"]);

/** German compound heads that say "a tool for …": "Rezeptverwaltung" is about recipes. */
const HEADS = [
  "verwaltung",
  "management",
  "datenbank",
  "liste",
  "planung",
  "plattform",
  "portal",
  "system",
  "app",
  "katalog",
  "ubersicht",
  "archiv",
  "tool",
];

const MAX_PHRASE = 4;

/** "for my dog-walking business with …": between these and a list cue the words describe the app. */
const POSSESSIVES = new Set(["my", "our", "mein", "meine", "meinen", "meinem", "meiner", "unser", "unsere", "unseren", "unserem", "unserer"]);
/** The words that start the list of what the app keeps ("with dogs, owners and walks"). */
export const LIST_CUES = new Set(["with", "including", "containing", "mit", "inklusive", "sowie"]);

/** Token positions that only describe the app, e.g. "business" in "my dog-walking business with dogs". */
function describingPositions(list: Token[]): Set<number> {
  const skipped = new Set<number>();
  for (let start = 0; start < list.length; start++) {
    if (!POSSESSIVES.has(list[start].word)) continue;
    const cue = list.findIndex((token, index) => index > start && LIST_CUES.has(token.word));
    for (let index = start + 1; cue > 0 && index < cue; index++) skipped.add(index);
  }
  return skipped;
}

/** Folded phrase → meanings, with multi-word phrases also under their joined spelling. */
function phraseMap<T>(entries: Iterable<[string, T]>): Map<string, T[]> {
  const map = new Map<string, T[]>();
  const add = (key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const [phrase, value] of entries) {
    const key = words(phrase).join(" ");
    add(key, value);
    if (key.includes(" ")) add(key.replaceAll(" ", ""), value);
  }
  return map;
}

const DOMAINS = phraseMap(
  Object.entries(DOMAIN_WORDS).flatMap(([key, phrases]) => phrases.map((phrase): [string, string] => [phrase, key])),
);
const PART_MAPS: Record<Language, Map<string, PartMeaning[]>> = {
  en: partMap("en"),
  de: partMap("de"),
};
const IGNORE = new Set(IGNORED);

function partMap(language: Language) {
  const map = phraseMap(
    (Object.entries(PART_WORDS) as [PartName, (typeof PART_WORDS)[PartName]][]).flatMap(([part, byLanguage]) =>
      byLanguage[language].map((word): [string, PartMeaning] => [
        word.replace(/^~/, ""),
        { part, secondary: word.startsWith("~") },
      ]),
    ),
  );
  // First meanings first, second meanings last.
  for (const [key, meanings] of map) map.set(key, [...meanings].sort((a, b) => Number(a.secondary) - Number(b.secondary)));
  return map;
}

function lookup(key: string, language: Language): Meaning | null {
  if (IGNORE.has(key)) return { kind: "ignore" };
  const domain = DOMAINS.get(key);
  if (domain) return { kind: "domain", key: domain[0] };
  for (const lang of language === "de" ? (["de", "en"] as const) : (["en", "de"] as const)) {
    const meanings = PART_MAPS[lang].get(key);
    if (meanings) return { kind: "parts", meanings, language: lang };
  }
  return null;
}

export interface Token {
  word: string;
  capitalized: boolean;
}

export function tokens(prompt: string): Token[] {
  return prompt
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((piece) => words(piece).map((word) => ({ word, capitalized: /^\p{Lu}/u.test(piece) })));
}

/** The longest phrase starting at `start`; its last word may carry an ending. */
function phraseAt(list: Token[], start: number, language: Language): { meaning: Meaning; length: number; exact: boolean } | null {
  for (let length = Math.min(MAX_PHRASE, list.length - start); length >= 1; length--) {
    const head = list.slice(start, start + length - 1).map((token) => token.word);
    const last = list[start + length - 1].word;
    for (const stem of stems(last)) {
      const meaning = lookup([...head, stem].join(" "), language);
      if (meaning) return { meaning, length, exact: stem === last };
    }
  }
  return null;
}

/** German compounds: "Rezeptverwaltung" by its first part, "Eventtickets" by its last. */
function compound(word: string, language: Language): Meaning | null {
  for (const head of HEADS) {
    if (!word.endsWith(head) || word.length - head.length < 3) continue;
    const first = word.slice(0, -head.length);
    for (const candidate of first.endsWith("s") ? [first, first.slice(0, -1)] : [first]) {
      for (const stem of stems(candidate)) {
        const meaning = lookup(stem, language);
        if (meaning && meaning.kind !== "ignore") return meaning;
      }
    }
  }
  let best: { key: string; meaning: Meaning } | null = null;
  for (const stem of stems(word)) {
    for (const key of suffixKeys(language)) {
      if (key.length < 4 || stem.length - key.length < 3 || !stem.endsWith(key)) continue;
      if (!best || key.length > best.key.length) best = { key, meaning: lookup(key, language)! };
    }
  }
  return best?.meaning ?? null;
}

const suffixKeys = (language: Language) =>
  [...DOMAINS.keys(), ...PART_MAPS[language].keys()].filter((key) => !key.includes(" "));

/**
 * The parts a prompt asks for: a named domain brings its template's tables, then each named
 * entity is added (a word with two meanings takes the one already present). Empty when nothing
 * is recognized.
 */
export function understand(prompt: string): PartName[] {
  const language = guessLanguage(prompt);
  const list = tokens(prompt);
  // Writers who capitalize German nouns mark everything else in lower case as not a noun.
  const capitalizes = list.slice(1).some((token) => token.capitalized);
  const domains: string[] = [];
  const mentions: PartMeaning[][] = [];
  const describing = describingPositions(list);

  for (let index = 0; index < list.length; ) {
    const found = phraseAt(list, index, language);
    const meaning = found?.meaning ?? compound(list[index].word, language);
    const length = found?.length ?? 1;
    if (meaning?.kind === "domain") domains.push(meaning.key);
    if (meaning?.kind === "parts") {
      const single = length === 1;
      const verbAfterCue = single && found?.exact && meaning.language === "en" && VERB_CUES.has(list[index - 1]?.word ?? "");
      const lowerGerman =
        single && meaning.language === "de" && language === "de" && capitalizes && !list[index].capitalized;
      if (!verbAfterCue && !lowerGerman && !describing.has(index)) mentions.push(meaning.meanings);
    }
    index += length;
  }

  const fromDomains = domains.flatMap((key) => BLUEPRINTS.find((blueprint) => blueprint.key === key)?.parts ?? []);
  const clear = mentions.filter((meanings) => meanings.length === 1 && !meanings[0].secondary).map(([m]) => m.part);
  const present = new Set<PartName>([...fromDomains, ...clear]);
  const parts = new Set<PartName>(fromDomains);
  for (const meanings of mentions) {
    const chosen =
      meanings.find((meaning) => present.has(meaning.part)) ??
      meanings.find((meaning) => relatedToAny(meaning.part, present)) ??
      meanings.find((meaning) => !meaning.secondary);
    if (!chosen) continue;
    present.add(chosen.part);
    parts.add(chosen.part);
  }
  return [...parts];
}

/** Whether a part usually belongs to, or has, one of the present parts ("Antworten" to questions). */
function relatedToAny(part: PartName, present: ReadonlySet<PartName>): boolean {
  const parentsOf = (name: PartName): readonly string[] => PARTS[name].belongsTo ?? [];
  return parentsOf(part).some((parent) => present.has(parent as PartName)) || [...present].some((other) => parentsOf(other).includes(part));
}

