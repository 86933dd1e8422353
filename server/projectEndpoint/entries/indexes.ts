import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Tables } from "../../db/tables";
import { hasDirective } from "../../../src/domain/model/directives";
import { isSystemField, type SchemaModel } from "../../../src/domain/model";
import { valueExpression } from "./sql";

/**
 * Indexes a live version needs beyond the generic ones: per table, one for each sort-by field
 * (keyset paging in either direction) and a unique one for each unique field. Each is partial
 * to its project and table, named by a hash of what it covers, and created only once, so going
 * live again costs nothing. A unique index that existing entries violate fails the publish.
 */
export async function ensureIndexes(tx: Kysely<Tables>, apiId: string, model: SchemaModel) {
  for (const objectType of model.objectTypes) {
    for (const field of objectType.fields) {
      if (isSystemField(field)) continue;
      const scope = sql`api_id = ${sql.lit(apiId)} and type_id = ${sql.lit(objectType.id)}`;
      const value = valueExpression(field.name);
      if (hasDirective(field.directives, "sortBy")) {
        const name = sql.id(indexName("sort", apiId, objectType.id, field.name));
        await sql`create index if not exists ${name} on project_entries ((${value}), id) where ${scope}`.execute(tx);
      }
      if (hasDirective(field.directives, "unique")) {
        const name = sql.id(indexName("uniq", apiId, objectType.id, field.name));
        await sql`create unique index if not exists ${name} on project_entries ((data -> ${sql.lit(field.name)})) where ${scope} and data -> ${sql.lit(field.name)} <> 'null'::jsonb`.execute(tx);
      }
    }
  }
}

/** PostgreSQL names are at most 63 bytes; a hash keeps them short and distinct. */
export function indexName(kind: "sort" | "uniq", apiId: string, typeId: string, field: string) {
  return `pe_${kind}_${createHash("sha256").update(`${apiId}\0${typeId}\0${field}`).digest("hex").slice(0, 24)}`;
}
