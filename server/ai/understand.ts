import { BLUEPRINTS } from "../templates/catalog";
import { PARTS, type PartName } from "../templates/parts";
import { DOMAIN_WORDS } from "./domains";
import { PART_WORDS } from "./lexicon";
import { guessLanguage, stems, VERB_CUES, words, type Language } from "./text";

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
/** German compound heads that say "a tool for …": "Rezeptverwaltung" is about recipes. */
export const HEADS = [
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

/**
 * Words that name the app itself rather than a thing it keeps: in "A dog-walking business:
 * walkers, dogs…" or "an app for my Gassi-Service with …" everything up to them only
 * describes the app.
 */
const APP_HEADS = new Set(
  "business company firm startup service studio agency app application platform system tool software website site database tracker planner portal program unternehmen firma betrieb dienst anwendung plattform webseite datenbank programm".split(" "),
);

/** "business", or a German compound ending in a word for the app ("Reinigungsfirma", "Hochzeitsplanung"). */
function namesApp(word: string): boolean {
  if (APP_HEADS.has(word)) return true;
  return [...APP_HEADS, ...HEADS].some((head) => word.length - head.length >= 4 && word.endsWith(head));
}
/** The words that start the list of what the app keeps ("with dogs, owners and walks"). */
export const LIST_CUES = new Set(["with", "including", "containing", "mit", "inklusive", "sowie"]);

/** Token positions that only describe the app, e.g. "business" in "my dog-walking business with dogs". */
export function describingPositions(list: Token[]): Set<number> {
  const skipped = new Set<number>();
  // In each sentence, before its list (a list cue or a colon), everything up to the last word naming the app.
  let sentenceStart = 0;
  for (let index = 0; index <= list.length; index++) {
    if (index < list.length && !(index > sentenceStart && /[.!?\n]/.test(list[index].gap))) continue;
    let listStart = sentenceStart;
    while (listStart < index && !LIST_CUES.has(list[listStart].word) && !(listStart > sentenceStart && list[listStart].gap.includes(":")))
      listStart++;
    let head = -1;
    for (let position = sentenceStart; position < listStart; position++) if (namesApp(list[position].word)) head = position;
    for (let position = sentenceStart; position <= head; position++) skipped.add(position);
    sentenceStart = index;
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
  /** The piece of the prompt the word comes from, as written ("Spaziergänge"). */
  raw: string;
  /** What stands between this word and the one before (", ", " ", "-", ": "). */
  gap: string;
  /** Where `raw` starts and ends in the prompt. */
  start: number;
  end: number;
}

export function tokens(prompt: string): Token[] {
  const list: Token[] = [];
  let last = 0;
  for (const match of prompt.matchAll(/[\p{L}\p{N}]+/gu)) {
    const gap = prompt.slice(last, match.index);
    last = match.index + match[0].length;
    words(match[0]).forEach((word, index) =>
      list.push({
        word,
        capitalized: /^\p{Lu}/u.test(match[0]),
        raw: match[0],
        gap: index === 0 ? gap : "",
        start: match.index,
        end: last,
      }),
    );
  }
  return list;
}

/** The longest phrase starting at `start`; its last word may carry an ending. */
function phraseAt(list: Token[], start: number, language: Language): { meaning: Meaning; length: number; exact: boolean; key: string } | null {
  for (let length = Math.min(MAX_PHRASE, list.length - start); length >= 1; length--) {
    const head = list.slice(start, start + length - 1).map((token) => token.word);
    const last = list[start + length - 1].word;
    for (const stem of stems(last)) {
      const meaning = lookup([...head, stem].join(" "), language);
      if (meaning) return { meaning, length, exact: stem === last, key: [...head, stem].join(" ") };
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

/** Where the prompt names a part, and by which lexicon word (null for a German compound). */
export interface PartMention {
  part: PartName;
  start: number;
  length: number;
  key: string | null;
}

export interface Reading {
  tokens: Token[];
  language: Language;
  /** Named domains' tables first, then each named entity, without repeats. */
  parts: PartName[];
  mentions: PartMention[];
  /** Token positions already read: domains, parts, phrases ignored and words describing the app. */
  used: Set<number>;
}

/**
 * The parts a prompt asks for: a named domain brings its template's tables, then each named
 * entity is added (a word with two meanings takes the one already present). Empty when nothing
 * is recognized.
 */
export function understand(prompt: string): PartName[] {
  return read(prompt).parts;
}

export function read(prompt: string): Reading {
  const language = guessLanguage(prompt);
  const list = tokens(prompt);
  // Writers who capitalize German nouns mark everything else in lower case as not a noun.
  const capitalizes = list.slice(1).some((token) => token.capitalized);
  const domains: string[] = [];
  const found: { meanings: PartMeaning[]; start: number; length: number; key: string | null }[] = [];
  const describing = describingPositions(list);
  const used = new Set(describing);

  for (let index = 0; index < list.length; ) {
    const phrase = phraseAt(list, index, language);
    const meaning = phrase?.meaning ?? compound(list[index].word, language);
    const length = phrase?.length ?? 1;
    const mark = () => {
      for (let position = index; position < index + length; position++) used.add(position);
    };
    if (meaning?.kind === "domain") {
      domains.push(meaning.key);
      mark();
    }
    if (meaning?.kind === "ignore") mark();
    if (meaning?.kind === "parts") {
      const single = length === 1;
      const verbAfterCue = single && phrase?.exact && meaning.language === "en" && VERB_CUES.has(list[index - 1]?.word ?? "");
      const lowerGerman =
        single && meaning.language === "de" && language === "de" && capitalizes && !list[index].capitalized;
      // "Rezeptverwaltung" describes the app and still names its recipes.
      const namesContent = !phrase && HEADS.some((head) => list[index].word.endsWith(head));
      if (verbAfterCue || lowerGerman) mark();
      else if (!describing.has(index) || namesContent) {
        found.push({ meanings: meaning.meanings, start: index, length, key: phrase?.key ?? null });
        mark();
      }
    }
    index += length;
  }

  const fromDomains = domains.flatMap((key) => BLUEPRINTS.find((blueprint) => blueprint.key === key)?.parts ?? []);
  const clear = found.filter(({ meanings }) => meanings.length === 1 && !meanings[0].secondary).map(({ meanings: [m] }) => m.part);
  const present = new Set<PartName>([...fromDomains, ...clear]);
  const parts = new Set<PartName>(fromDomains);
  const mentions: PartMention[] = [];
  for (const { meanings, start, length, key } of found) {
    const chosen =
      meanings.find((meaning) => present.has(meaning.part)) ??
      meanings.find((meaning) => relatedToAny(meaning.part, present)) ??
      meanings.find((meaning) => !meaning.secondary);
    if (!chosen) continue;
    present.add(chosen.part);
    parts.add(chosen.part);
    mentions.push({ part: chosen.part, start, length, key });
  }
  return { tokens: list, language, parts: [...parts], mentions, used };
}

/** Whether a part usually belongs to, or has, one of the present parts ("Antworten" to questions). */
function relatedToAny(part: PartName, present: ReadonlySet<PartName>): boolean {
  const parentsOf = (name: PartName): readonly string[] => PARTS[name].belongsTo ?? [];
  return parentsOf(part).some((parent) => present.has(parent as PartName)) || [...present].some((other) => parentsOf(other).includes(part));
}

