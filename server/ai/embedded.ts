import { validateModel, type SchemaModel } from "../../src/domain/model";
import { partDrafts } from "../templates/catalog";
import { buildModel } from "../templates/build";
import { understand } from "./understand";

/**
 * The offline generator: the tables a German or English prompt names (directly or through a
 * domain such as "ein Onlineshop"), with their usual fields, enums and relations. The same
 * prompt always gives the same model; null when nothing in it is recognized.
 */
export function generateEmbedded(prompt: string): SchemaModel | null {
  const parts = understand(prompt);
  if (parts.length === 0) return null;
  const model = buildModel(partDrafts(parts), "ai");
  return validateModel(model) === null ? model : null;
}
