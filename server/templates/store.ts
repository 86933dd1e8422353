import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";

type SchemaTemplateRow = Selectable<Tables["schema_templates"]>;
type TemplateLanguage = "EN" | "DE";
const LANGUAGES: TemplateLanguage[] = ["EN", "DE"];

/**
 * Name, description and model in the requested language (a German model names its tables, fields
 * and enums in German), English when a translation is missing.
 */
export function toSchemaTemplate(row: SchemaTemplateRow, lang: TemplateLanguage) {
  const localized = (language: TemplateLanguage) => row.localizations[language.toLowerCase()] ?? row.localizations.en;
  const text = (language: TemplateLanguage) => {
    const { name, description } = localized(language) ?? { name: row.key, description: "" };
    return { name, description };
  };
  return {
    id: row.id,
    schema: localized(lang)?.schema ?? row.schema,
    state: row.state,
    name: text(lang).name,
    description: text(lang).description,
    localizations: LANGUAGES.map((language) => ({ lang: language, ...text(language) })),
  };
}

/** In catalog order; a page starts after the template `afterId` (keyset paging, see graphqlKit/connection.ts). */
export async function listSchemaTemplates(db: DbOrTx, state: string, limit: number, afterId: string | null) {
  let query = db.selectFrom("schema_templates").selectAll().where("state", "=", state);
  if (afterId !== null) {
    const position = db.selectFrom("schema_templates").select("position").where("id", "=", afterId).where("state", "=", state);
    query = query.where((eb) => eb.or([eb("position", ">", position), eb.and([eb("position", "=", position), eb("id", ">", afterId)])]));
  }
  return query.orderBy("position").orderBy("id").limit(limit).execute();
}

export async function findSchemaTemplate(db: DbOrTx, id: string) {
  return db.selectFrom("schema_templates").selectAll().where("id", "=", id).executeTakeFirst();
}
