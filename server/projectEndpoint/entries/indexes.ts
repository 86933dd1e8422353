import { createHash } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Tables } from "../../db/tables";
import { hasDirective } from "../../../src/domain/model/directives";
import { effectiveFieldType, isSystemField, type SchemaModel } from "../../../src/domain/model";
import { filterKind, type FilterKind } from "../../../src/domain/filters";
import { valueExpression } from "./sql";

/** Kinds whose values compare as one scalar: a btree over the value serves eq, ranges and attributeExists. */
export const SCALAR_KINDS: ReadonlySet<FilterKind> = new Set(["text", "number", "boolean", "choice"]);

/**
 * What a live version adds per table for its lists:
 * - for each sort-by field, a btree over its value and id: keyset paging in either direction, and
 *   eq, ranges and attributeExists on that field (./filters.ts writes them over the same expression);
 * - a unique index for each unique field;
 * - for each scalar field, statistics over its value. The planner ignores a partial index's
 *   statistics, and without them guesses that any condition on a jsonb value matches 0.5% of
 *   rows (it sorted half a table to show 100 rows of `flag eq false`); with them it walks the
 *   sort order's index and stops at the page.
 * Other fields get an index only once lists filter on them (./filterIndexes.ts): every index
 * multiplies what a write costs (a btree and a trigram index per field made CSV imports five
 * times slower). Each index is partial to its project and table, named by a hash of what it
 * covers, and created only once, so going live again costs nothing. A unique index that existing
 * entries violate fails the publish.
 */
export async function ensureIndexes(tx: Kysely<Tables>, apiId: string, model: SchemaModel) {
  for (const objectType of model.objectTypes) {
    for (const field of objectType.fields) {
      if (isSystemField(field)) continue;
      const fieldType = effectiveFieldType(field);
      const kind = fieldType ? filterKind(fieldType) : null;
      const scope = sql`api_id = ${sql.lit(apiId)} and type_id = ${sql.lit(objectType.id)}`;
      const value = valueExpression(field.name);
      if (hasDirective(field.directives, "sortBy")) {
        const name = sql.id(indexName("sort", apiId, objectType.id, field.name));
        await sql`create index if not exists ${name} on project_entries ((${value}), id) where ${scope}`.execute(tx);
      }
      if (kind && SCALAR_KINDS.has(kind)) {
        await sql`create statistics if not exists ${sql.id(statisticsName("value", field.name))} on (${value}) from project_entries`.execute(tx);
      }
      if (hasDirective(field.directives, "unique")) {
        const name = sql.id(indexName("uniq", apiId, objectType.id, field.name));
        await sql`create unique index if not exists ${name} on project_entries ((data -> ${sql.lit(field.name)})) where ${scope} and data -> ${sql.lit(field.name)} <> 'null'::jsonb`.execute(tx);
      }
    }
  }
}

/** PostgreSQL names are at most 63 bytes; a hash keeps them short and distinct. */
export function indexName(kind: "sort" | "uniq" | "prefix" | "text", apiId: string, typeId: string, field: string) {
  return `pe_${kind}_${createHash("sha256").update(`${apiId}\0${typeId}\0${field}`).digest("hex").slice(0, 24)}`;
}

/** One statistics object per field name and expression, shared by every table with a field of that name. */
export function statisticsName(kind: "value" | "text", field: string) {
  return `pe_stat_${kind}_${createHash("sha256").update(field).digest("hex").slice(0, 24)}`;
}

/**
 * The names of the indexes made for a project's entries (all of them, or one table's): each is
 * partial to its project and table, which its definition names. `mark` begins the statement.
 */
export async function projectIndexNames(db: Kysely<Tables>, apiId: string, typeId?: string, mark: RawBuilder<unknown> = sql``): Promise<string[]> {
  const ofTable = typeId === undefined ? sql`true` : sql`indexdef like ${`%(type_id = '${typeId}'::text)%`}`;
  const { rows } = await sql<{ indexname: string }>`${mark} select indexname from pg_indexes
    where tablename = 'project_entries' and indexname like 'pe\\_%' and indexdef like ${`%(api_id = '${apiId}'::text)%`} and ${ofTable}`.execute(db);
  return rows.map((row) => row.indexname);
}
