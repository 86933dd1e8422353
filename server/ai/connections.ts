import { words } from "./text";
import type { Token } from "./understand";

/** A table the prompt names, where it names it. */
export interface TableMention {
  table: string;
  start: number;
  length: number;
}

/** parent has many child; `weak` ones only connect a child nothing else claims. */
export interface Connection {
  parent: string;
  child: string;
  weak: boolean;
}

const ARTICLES = "the|a|an|each|every|all|any|one|their|its|his|her|my|our|der|die|das|den|dem|des|ein|eine|einem|einer|eines|jedem|jeder|jedes|jeden|ihrem|ihrer|ihren|seinem|seiner|seinen|meinem|meiner|meinen|unserem|unserer|unseren";
/** "walks of a dog", "Termine für Patienten", "loans by members": the second has many of the first. */
const BELONGS = new RegExp(`^(?:of|from|by|per|for|in|at|von|vom|fur|pro|bei|beim|im|des|der|zu|zum|zur)(?: (?:${ARTICLES}))?$`);
/** "hotels with rooms", "Rezepte mit Zutaten": the first has many of the second. */
const HAS = new RegExp(`^(?:with|having|containing|including|mit|inklusive|samt)(?: (?:${ARTICLES}|many|several|multiple|mehreren|vielen))?$`);
/** "customers and their orders", "Hunde, ihre Besitzer": connected; the knowledge may turn the direction. */
const THEIR = /^(?:and |und |& )?(?:their|its|his|her|whose|ihre|ihren|ihrer|ihrem|seine|seinen|seiner|seinem|deren|dessen)$/;
/** Between the items of a list. */
const LIST = new RegExp(`^(?:and|or|und|oder|sowie|plus|&)?(?: (?:${ARTICLES}))?$`);

/**
 * The connections a sentence states between the tables it names, read from the words between
 * two neighbouring mentions: "X of Y", "Y's X", "Y with X, Z and W", "X, their Y", "für",
 * "von", "mit". A list after "with" gives weak connections: "a hotel with rooms, guests and
 * bookings" connects bookings to the hotel only if nothing else claims them.
 */
export function statedConnections(prompt: string, list: Token[], mentions: readonly TableMention[]): Connection[] {
  const sorted = [...mentions].sort((a, b) => a.start - b.start);
  const connections: Connection[] = [];
  let owner: string | null = null;
  for (let index = 0; index + 1 < sorted.length; index++) {
    const first = sorted[index];
    const second = sorted[index + 1];
    const lastOfFirst = first.start + first.length - 1;
    if (lastOfFirst >= second.start) continue;
    const between = prompt.slice(list[lastOfFirst].end, list[second.start].start);
    const plain = words(between).join(" ");
    const sentenceBreak = /[.!?:;\n]/.test(between);
    const add = (parent: string, child: string, weak = false) => {
      if (parent !== child) connections.push({ parent, child, weak });
    };
    if (!sentenceBreak && /^\s*['’]s?\s*$/.test(between)) add(first.table, second.table);
    else if (!sentenceBreak && BELONGS.test(plain)) add(second.table, first.table);
    else if (!sentenceBreak && HAS.test(plain)) {
      add(first.table, second.table);
      owner = first.table;
      continue;
    } else if (!sentenceBreak && THEIR.test(plain)) add(first.table, second.table);
    else if (!sentenceBreak && owner && (LIST.test(plain) || /^\s*,\s*$/.test(between))) {
      add(owner, second.table, true);
      continue;
    }
    if (sentenceBreak || !(LIST.test(plain) || /^[\s,]*$/.test(between))) owner = null;
  }
  return connections;
}
