import { PostgresQueryCompiler, createQueryId, sql, type RawBuilder } from "kysely";
import type { DbOrTx } from "../../db/database";
import { pageQuery, withinBytes, type ListQuery } from "./store";

/**
 * One key of an entry object as the list's SQL writes it: `value` is the value's JSON text
 * over the page's columns (id, data, created_at as ISO text, …), `exact` (null: always) tells
 * whether graphql-js writes that value (parsed) as it is, so an entry whose stored value its
 * GraphQL type would change or refuse makes the page fall back to execution.
 */
export interface JsonField {
  key: string;
  value: RawBuilder<unknown>;
  exact: ((value: unknown) => boolean) | null;
}

/** A page written by the database as the JSON text of its `items`, with what its nextToken needs. */
export interface JsonPage {
  /** The items' objects joined by commas, without the brackets. */
  items: string;
  /** Rows read: one more than the limit when there is a next page. */
  row_count: number;
  /** The last row of the page (the limit-th), for the nextToken. */
  last_id: string | null;
  last_key: string | null;
  /** Read under a byte limit: the size of every row's data, as the row reader charges it. */
  data_bytes: number;
  /** False when some value's JSON text is not graphql-js's (writtenAsGraphqlWould). */
  exact: boolean;
}

/**
 * The list's own page statement (store.ts pageQuery, under the same byte limit) with each row
 * written as the JSON object the selection asks for and the page's rows joined into one text,
 * so Node receives one short row instead of parsing a jsonb document per entry.
 */
export async function listEntriesAsJson(db: DbOrTx, query: ListQuery, fields: readonly JsonField[]): Promise<JsonPage> {
  const item = itemSql(fields);
  const within = sql`n <= ${query.limit}`;
  const bytes = query.maxBytes === undefined ? sql`0` : sql`coalesce(sum(data_bytes), 0)`;
  const { rows } = await sql<Omit<JsonPage, "exact">>`select coalesce(string_agg(${item}, ',' order by n) filter (where ${within}), '') as items,
      count(*)::int as row_count,
      max(id) filter (where n = ${query.limit}) as last_id,
      max(sort_key) filter (where n = ${query.limit}) as last_key,
      (${bytes})::float8 as data_bytes
    from (select row_number() over () as n, page.* from (${withinBytes(pageQuery(query, sql`true`), query.maxBytes)}) as page) as page`.execute(db);
  return { ...rows[0], exact: writtenAsGraphqlWould(rows[0].items, fields) };
}

/**
 * Whether graphql-js would write the page's items as the database did: every value is one its
 * field's type writes as it is (JsonField.exact), and the page's text is JavaScript's own for
 * the same values — numbers as JavaScript writes them (jsonb keeps "2.0", all the digits of a
 * decimal and no exponent), strings escaped alike. Checked in Node, where one JSON.parse and one
 * JSON.stringify of the page cost less than a check per value and row in SQL.
 */
function writtenAsGraphqlWould(items: string, fields: readonly JsonField[]): boolean {
  const checked = fields.filter((field) => field.exact);
  // System fields only (id, times, owner, __typename): texts PostgreSQL escapes as JavaScript does.
  if (checked.length === 0) return true;
  const text = `[${items}]`;
  let entries: Record<string, unknown>[];
  try {
    entries = JSON.parse(text);
  } catch {
    return false;
  }
  if (JSON.stringify(entries) !== text) return false;
  return entries.every((entry) => checked.every((field) => field.exact!(entry[field.key])));
}

const itemSqlOfFields = new WeakMap<readonly JsonField[], RawBuilder<unknown>>();
const compiler = new PostgresQueryCompiler();

/**
 * An entry object's SQL for a selection (a compiled document keeps its fields), written out once:
 * made of literals and column names only, it is the same text for every request, and building
 * its nodes anew cost each request a query builder's walk over every field.
 */
function itemSql(fields: readonly JsonField[]): RawBuilder<unknown> {
  let item = itemSqlOfFields.get(fields);
  if (!item) {
    const parts = fields.flatMap((field, index) => [sql.lit(`${index ? "," : "{"}${JSON.stringify(field.key)}:`), field.value]);
    const built = fields.length ? concatAll([...parts, sql.lit("}")]) : sql`'{}'`;
    const compiled = compiler.compileQuery(built.toOperationNode(), createQueryId());
    item = compiled.parameters.length ? built : sql.raw(compiled.sql);
    itemSqlOfFields.set(fields, item);
  }
  return item;
}

/** PostgreSQL's limit on a function's arguments. */
const MAX_ARGUMENTS = 100;

/**
 * The texts joined by one concat() per hundred parts: a chain of `||` would copy the object
 * written so far once per part, twice per field of every row.
 */
function concatAll(parts: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  if (parts.length <= MAX_ARGUMENTS) return sql`concat(${sql.join(parts)})`;
  const chunks: RawBuilder<unknown>[] = [];
  for (let start = 0; start < parts.length; start += MAX_ARGUMENTS) chunks.push(concatAll(parts.slice(start, start + MAX_ARGUMENTS)));
  return concatAll(chunks);
}
