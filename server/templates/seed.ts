import type { Db } from "../db/database";
import { newId } from "../graphqlKit/ids";
import { log } from "../log";
import { checkDeclarationValue } from "../project/declaration";
import { TEMPLATES } from "./catalog";

type Template = (typeof TEMPLATES)[number];

/**
 * Upserts the catalog by key at start-up (idempotent; ids stay stable). A template that breaks
 * a model rule, or that left the catalog, is kept as DRAFT so no one starts from it.
 */
export async function seedTemplates(db: Db, templates: readonly Template[] = TEMPLATES) {
  await db.transaction().execute(async (tx) => {
    for (const [position, template] of templates.entries()) {
      const values = { position, ...stored(template) };
      await tx
        .insertInto("schema_templates")
        .values({ id: newId("SchemaTemplate"), key: template.key, ...values })
        .onConflict((oc) => oc.column("key").doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
    }
    const keys = templates.map((template) => template.key);
    await tx
      .updateTable("schema_templates")
      .set({ state: "DRAFT", updated_at: new Date() })
      .$if(keys.length > 0, (qb) => qb.where("key", "not in", keys))
      .execute();
  });
}

/**
 * The catalog is code, so its rows are worked out once per process: checking every model against
 * the rules is most of a seed's CPU, and platforms started in one process (tests) seed it each time.
 */
const storedRows = new WeakMap<Template, { schema: string; state: "PUBLISHED" | "DRAFT"; localizations: string }>();

function stored(template: Template) {
  let row = storedRows.get(template);
  if (!row) {
    const english = checked(template.key, template.schema);
    const german = checked(template.key, template.germanSchema);
    row = {
      schema: english.schema,
      state: english.valid && german.valid ? "PUBLISHED" : "DRAFT",
      // The German model rides with the German texts: one row per template, no second column.
      localizations: JSON.stringify({ ...template.localizations, de: { ...template.localizations.de, schema: german.schema } }),
    };
    storedRows.set(template, row);
  }
  return row;
}

/** The model as the server stores it; a model breaking a rule is logged and keeps the template a draft. */
function checked(key: string, model: Template["schema"]) {
  const result = checkDeclarationValue(model);
  if ("problem" in result) log.error(`template ${key} breaks ${result.problem.messageId} at ${result.problem.path.join(".")}`);
  return { valid: "model" in result, schema: JSON.stringify("model" in result ? result.model : model) };
}
