import { sql } from "kysely";
import type { Db } from "../db/database";
import { newId } from "../graphqlKit/ids";
import { log } from "../log";
import { checkDeclarationValue } from "../project/declaration";
import { TEMPLATES } from "./catalog";

type Template = (typeof TEMPLATES)[number];

/**
 * Upserts the catalog by key at start-up (idempotent; ids stay stable). A template that breaks
 * a model rule, or that left the catalog, is kept as DRAFT so no one starts from it. Rows that
 * already match are not written again: nearly every start finds the catalog as it left it.
 */
export async function seedTemplates(db: Db, templates: readonly Template[] = TEMPLATES) {
  const rows = templates.map((template, position) => ({ key: template.key, position, ...stored(template) }));
  const unchanged = await unchangedKeys(db, rows);
  await db.transaction().execute(async (tx) => {
    for (const { key, ...values } of rows.filter((row) => !unchanged.has(row.key))) {
      await tx
        .insertInto("schema_templates")
        .values({ id: newId("SchemaTemplate"), key, ...values })
        .onConflict((oc) => oc.column("key").doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
    }
    const keys = rows.map((row) => row.key);
    await tx
      .updateTable("schema_templates")
      .set({ state: "DRAFT", updated_at: new Date() })
      .where("state", "<>", "DRAFT")
      .$if(keys.length > 0, (qb) => qb.where("key", "not in", keys))
      .execute();
  });
}

/** The keys whose stored row already equals the catalog's, compared by the database (jsonb by value). */
async function unchangedKeys(db: Db, rows: readonly ({ key: string; position: number } & StoredRow)[]): Promise<Set<string>> {
  const { rows: same } = await sql<{ key: string }>`
    select stored.key from schema_templates as stored
    join jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as catalog(key text, position int, schema text, state text, localizations text)
      on catalog.key = stored.key and catalog.position = stored.position and catalog.schema = stored.schema
      and catalog.state = stored.state and catalog.localizations::jsonb = stored.localizations`.execute(db);
  return new Set(same.map((row) => row.key));
}

type StoredRow = { schema: string; state: "PUBLISHED" | "DRAFT"; localizations: string };

/**
 * The catalog is code, so its rows are worked out once per process: checking every model against
 * the rules is most of a seed's CPU, and platforms started in one process (tests) seed it each time.
 */
const storedRows = new WeakMap<Template, StoredRow>();

function stored(template: Template): StoredRow {
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
