import type { PartName } from "../templates/parts";
import { PART_WORDS } from "./lexicon";
import { pascalName, singular } from "./singular";
import { words } from "./text";
import { HEADS, type PartMention, type Token } from "./understand";

/** German names where a part's first German word is not the usual name of the table. */
const GERMAN_DEFAULTS: Partial<Record<PartName, string>> = {
  Issue: "Ticket",
  LeaveRequest: "Urlaubsantrag",
  Answer: "Antwort",
  Volunteer: "Helfer",
  Interview: "Vorstellungsgespraech",
  PurchaseOrder: "Nachbestellung",
  StockItem: "Lagerbestand",
  CheckIn: "CheckIn",
};

/** Folded German lexicon word → the word as written ("kaufer" → "käufer"). */
const GERMAN_WORDS = new Map<string, string>();
for (const byLanguage of Object.values(PART_WORDS)) {
  for (const word of byLanguage.de) GERMAN_WORDS.set(words(word.replace(/^~/, "")).join(" "), word.replace(/^~/, ""));
}

/**
 * A part's table name in the prompt's language: English prompts keep the part's name; German
 * ones name it by the word the prompt used ("Kunden" → Kunde, "Mitgliedsbeiträge" →
 * Mitgliedsbeitrag), or by the part's usual German word when only a domain brought it.
 */
export function germanPartName(part: PartName, mention: PartMention | undefined, list: readonly Token[]): string {
  if (mention) {
    const written = mention.key === null ? undefined : GERMAN_WORDS.get(mention.key);
    if (written) return pascalName(written);
    const word = list[mention.start].word;
    // A compound names the part by its end ("Mitgliedsbeiträge"), or by its start before a word for the app ("Rezeptverwaltung").
    if (mention.key === null && !HEADS.some((head) => word.endsWith(head))) return pascalName(singular(list[mention.start].raw.toLowerCase(), "de"));
  }
  const usual = GERMAN_DEFAULTS[part] ?? PART_WORDS[part].de.find((word) => !word.startsWith("~"));
  return usual ? pascalName(usual) : part;
}
