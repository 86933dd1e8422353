import type { Db } from "../db/database";
import { newId } from "../graphql/ids";
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
      const checked = checkDeclarationValue(template.schema);
      if ("problem" in checked) log.error(`template ${template.key} breaks ${checked.problem.messageId} at ${checked.problem.path.join(".")}`);
      const values = {
        position,
        schema: JSON.stringify("model" in checked ? checked.model : template.schema),
        state: "model" in checked ? "PUBLISHED" : "DRAFT",
        localizations: JSON.stringify(template.localizations),
      };
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
