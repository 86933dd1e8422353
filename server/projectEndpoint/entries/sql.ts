import { sql, type RawBuilder } from "kysely";

/**
 * A field's value in an entry, as jsonb, with a missing value as jsonb null so that it sorts
 * (lowest) and compares instead of vanishing from keyset pages. The field name is a literal:
 * it comes from the live model (letters, digits and underscore), never from the request, and
 * a literal lets PostgreSQL match the expression indexes of ./indexes.ts.
 */
export function valueExpression(fieldName: string): RawBuilder<unknown> {
  return sql`coalesce(data -> ${sql.lit(fieldName)}, 'null'::jsonb)`;
}

/** A field's value as text (null when missing): what the trigram indexes of ./indexes.ts cover. */
export function textExpression(fieldName: string): RawBuilder<unknown> {
  return sql`(data ->> ${sql.lit(fieldName)})`;
}
