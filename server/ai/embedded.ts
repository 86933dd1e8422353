import { validateModel, type SchemaModel } from "../../src/domain/model";
import { partDrafts } from "../templates/catalog";
import { buildModel } from "../templates/build";
import { understand } from "./understand";
import { listedItems, plainTable, tableName } from "./listedNouns";
import { guessLanguage } from "./text";

/**
 * The offline generator: the tables a German or English prompt names (directly or through a
 * domain such as "ein Onlineshop"), with their usual fields, enums and relations; every listed
 * thing the lexicon does not know ("with dogs, owners and walks") becomes a table of its own,
 * named in the singular. The same prompt always gives the same model; null when nothing in it
 * is recognized.
 */
export function generateEmbedded(prompt: string): SchemaModel | null {
  const parts = understand(prompt);
  const language = guessLanguage(prompt);
  const known = new Set<string>(parts);
  const plain = listedItems(prompt)
    .filter((item) => understand(item.join(" ")).length === 0)
    .map((item) => tableName(item, language))
    .filter((name) => !known.has(name) && known.add(name));
  if (parts.length === 0 && plain.length === 0) return null;
  const model = buildModel([...partDrafts(parts), ...plain.map(plainTable)], "ai");
  return validateModel(model) === null ? model : null;
}
