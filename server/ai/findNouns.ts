import { NOUNS } from "./nouns";
import { pascalName, singular } from "./singular";
import { stems, VERB_CUES, words } from "./text";
import type { Reading, Token } from "./understand";

/** A thing the prompt names that is not a template part: a known noun or a table of its own. */
export interface NounMention {
  name: string;
  /** Key in NOUNS when the knowledge table knows it. */
  noun: string | null;
  start: number;
  length: number;
}

/** Words that are never a table: small words, verbs and adjectives a request uses (folded). */
const NOT_NOUNS = new Set(
  [
    // English
    "a an the and or but nor with without for from of to in on at by per via into onto about over under after before during between",
    "each every all any some many much more most other another own same such both either neither not no yes also too very just only even",
    "i me my we us our you your he him his she her it its they them their this that these those there here who whom whose which what where when how why",
    "is are was were be been being am do does did has have had having can could will would shall should may might must cannot let lets",
    "need needs want wants like would please help helps keep keeps track tracks manage manages store stores record records log logs plan plans",
    "organize organise organizes handle handles run runs build builds create creates make makes allow allows list lists show shows see add adds",
    "edit edits sell sells buy buys rent rents schedule schedules assign assigns send sends get gets use uses book books hold holds contain contains",
    "include includes includes belong belongs connect connects link links view views follow follows write writes offer offers love",
    "simple small big large little local online digital basic different various several multiple new old good best easy whole",
    "one two three four five six seven eight nine ten first second etc stuff thing things data info information details detail lots kind kinds type types way ways",
    "management overview tracking planning list lists something everything anything someone everyone",
    // German
    "ich mich mir wir uns du dich dir ihr er sie es man ein eine einen einem einer eines der die das den dem des und oder aber mit ohne fur von vom zum zur zu im in am an auf aus bei beim nach uber unter um durch gegen sowie auch",
    "alle jede jeder jedes jeden jedem viele mehrere verschiedene einfache einfach kleine kleinen neue neuen meine mein meinen meinem meiner unser unsere unseren unserem unserer ihre ihren ihrem ihrer sein seine seinen seinem seiner deren dessen",
    "brauche brauchen braucht mochte mochten will wollen soll sollen kann konnen verwalten verwaltet planen erfassen speichern haben hat sind ist werden wird gibt",
    "bitte etwas alles verwaltung ubersicht liste planung daten infos informationen sachen dinge pro",
    // what names the app itself
    "business company firm startup service studio agency app application platform system tool software website site database tracker planner portal program",
    "unternehmen firma betrieb dienst anwendung plattform webseite datenbank programm",
  ]
    .join(" ")
    .split(" "),
);

/** English words ending in -ing that are things, not doings. */
const ING_NOUNS = new Set(["booking", "meeting", "listing", "training", "building", "painting", "rating", "wedding", "recording", "posting", "opening", "cleaning", "tasting", "clothing", "setting", "reading", "saving", "holding", "ceiling", "earning", "filling"]);

/** English words after which a word is a verb ("to walk", "can book"). */
/** Folded lexicon word → the noun key and the word as written. */
const KNOWN = new Map<string, { noun: string; written: string }>();
for (const [noun, entry] of Object.entries(NOUNS)) {
  for (const written of [...entry.en, ...entry.de]) {
    const key = words(written).join(" ");
    if (!KNOWN.has(key)) KNOWN.set(key, { noun, written });
    if (!KNOWN.has(key.replaceAll(" ", ""))) KNOWN.set(key.replaceAll(" ", ""), { noun, written });
  }
}

function knownAt(run: Token[]): { noun: string; written: string; length: number } | null {
  for (const length of [2, 1]) {
    if (run.length < length) continue;
    const head = run.slice(run.length - length, -1).map((token) => token.word);
    for (const stem of stems(run[run.length - 1].word)) {
      const found = KNOWN.get([...head, stem].join(" "));
      if (found) return { ...found, length };
    }
  }
  return null;
}

/**
 * Every thing the prompt names that the template parts did not take: runs of noun-like words
 * (German nouns are capitalized when the writer capitalizes), each a table in the singular,
 * named by the word the prompt used.
 */
export function findNouns(reading: Reading): NounMention[] {
  const { tokens: list, language, used } = reading;
  const capitalizes = language === "de" && list.slice(1).some((token) => token.capitalized);
  const isNoun = (index: number) => {
    const token = list[index];
    const word = token.word;
    if (used.has(index) || word.length < 3 || /^\d/.test(word) || NOT_NOUNS.has(word)) return false;
    if (language === "de") return !capitalizes || token.capitalized;
    if (VERB_CUES.has(list[index - 1]?.word ?? "") && !/[,;:]/.test(token.gap)) return false;
    if (word.endsWith("ing") && !ING_NOUNS.has(word)) return false;
    if (word.endsWith("ly") || (word.endsWith("ed") && !word.endsWith("eed") && word.length > 4)) return false;
    return true;
  };

  const found: NounMention[] = [];
  for (let index = 0; index < list.length; index++) {
    if (!isNoun(index)) continue;
    let end = index + 1;
    while (end < list.length && /^[\s-]*$/.test(list[end].gap) && isNoun(end)) end++;
    const run = list.slice(index, end);
    const known = knownAt(run);
    const last = run[run.length - 1];
    const hyphenated = run.length > 1 && last.gap === "-" ? [run[run.length - 2].raw] : [];
    const name = known
      ? pascalName(known.written)
      : pascalName([...hyphenated, singular(last.raw.toLowerCase(), language)].join(" "));
    if (name.length >= 2) found.push({ name, noun: known?.noun ?? null, start: index, length: end - index });
    index = end - 1;
  }
  return found;
}
