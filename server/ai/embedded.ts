import { validateModel, type SchemaModel } from "../../src/domain/model";
import { partDrafts } from "../templates/catalog";
import { buildModel, type DraftTable } from "../templates/build";
import type { PartName } from "../templates/parts";
import { statedConnections, type Connection, type TableMention } from "./connections";
import { findNouns } from "./findNouns";
import { NOUNS } from "./nouns";
import { germanPartName } from "./partNames";
import { read } from "./understand";

/** What a table the prompt names but nothing knows starts with. */
const DEFAULT_FIELDS = { name: "String required", description: "String" } as const;

/**
 * The offline generator: every thing a German or English prompt names becomes a table, named in
 * the singular and in the prompt's language — template parts with their usual fields, enums and
 * relations, things the knowledge table (nouns.ts) knows with theirs, anything else with a name;
 * a named domain ("ein Onlineshop") brings its template's tables. Tables are connected as the
 * sentence connects them ("walks of a dog", "dogs and their owners") and as they usually are.
 * The same prompt always gives the same model; null when nothing in it is recognized.
 */
export function generateEmbedded(prompt: string): SchemaModel | null {
  const reading = read(prompt);
  const german = reading.language === "de";
  const drafts = new Map<string, DraftTable & { noun?: string }>();
  const mentions: TableMention[] = [];

  const partMention = new Map<PartName, (typeof reading.mentions)[number]>();
  for (const mention of reading.mentions) if (!partMention.has(mention.part)) partMention.set(mention.part, mention);
  for (const draft of partDrafts(reading.parts)) drafts.set(draft.name, { ...draft });
  for (const mention of reading.mentions) mentions.push({ table: mention.part, start: mention.start, length: mention.length });

  const nouns = findNouns(reading);
  // A single word nothing knows ("asdf", "Hallo") is no request for a model.
  if (reading.parts.length === 0 && nouns.every((noun) => !noun.noun) && nouns.length < 2) return null;
  for (const noun of nouns) {
    const known = noun.noun ? NOUNS[noun.noun] : null;
    if (!drafts.has(noun.name)) {
      drafts.set(noun.name, { name: noun.name, fields: known?.fields ?? DEFAULT_FIELDS, noun: noun.noun ?? undefined });
    }
    mentions.push({ table: noun.name, start: noun.start, length: noun.length });
  }
  if (drafts.size === 0) return null;

  // The knowledge table names parents by key; they are the tables of that noun or part.
  for (const draft of drafts.values()) {
    if (!draft.noun) continue;
    draft.belongsTo = (NOUNS[draft.noun].belongsTo ?? []).flatMap((key) =>
      [...drafts.values()].filter((other) => other.noun === key || other.name.toLowerCase() === key).map((other) => other.name),
    );
  }
  applyConnections(drafts, statedConnections(prompt, reading.tokens, mentions));

  // Tables in the order the prompt names them, then the ones a domain brought.
  const order = [...new Set([...[...mentions].sort((a, b) => a.start - b.start).map((m) => m.table), ...drafts.keys()])];
  const names = new Map<string, string>();
  for (const key of order) {
    const part = partMention.has(key as PartName) || reading.parts.includes(key as PartName) ? (key as PartName) : null;
    const localized = german && part ? germanPartName(part, partMention.get(part), reading.tokens) : key;
    const taken = [...names.values()].some((name) => name.toLowerCase() === localized.toLowerCase());
    names.set(key, taken ? key : localized);
  }
  const tables = order.map((key) => {
    const { noun: _, ...draft } = drafts.get(key)!;
    return { ...draft, name: names.get(key)!, belongsTo: (draft.belongsTo ?? []).map((parent) => names.get(parent) ?? parent) };
  });
  const model = buildModel(tables, "ai");
  return validateModel(model) === null ? model : null;
}

/**
 * What the sentence says comes first: the child's parent is put first (a table keeps two), and
 * the reverse direction is dropped — unless the knowledge has that pair the other way round,
 * whose direction wins; weak ones only connect a child that has no parent among the tables yet.
 */
function applyConnections(drafts: Map<string, DraftTable>, connections: Connection[]) {
  const parentsOf = (name: string) => (drafts.get(name)?.belongsTo ?? []).filter((parent) => drafts.has(parent) && parent !== name);
  for (const connection of connections) {
    let { parent, child } = connection;
    // "events with venues": the venue still has many events, as the knowledge says.
    if (parentsOf(parent).includes(child)) [parent, child] = [child, parent];
    if (connection.weak && parentsOf(child).length > 0) continue;
    const childDraft = drafts.get(child);
    const parentDraft = drafts.get(parent);
    if (!childDraft || !parentDraft) continue;
    childDraft.belongsTo = [parent, ...(childDraft.belongsTo ?? []).filter((name) => name !== parent)];
    parentDraft.belongsTo = (parentDraft.belongsTo ?? []).filter((name) => name !== child);
  }
}
