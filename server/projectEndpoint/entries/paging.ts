import { sql, type RawBuilder } from "kysely";
import { refuse } from "../../graphqlKit/errors";
import type { EntryRow, Sort } from "./store";
import { sortExpression, sortKeyValue } from "./store";
import type { TablePlan } from "../schema/plan";
import { ordered } from "./filters";
import { LIST_MAX_LIMIT } from "../../../src/domain/limits";

/** Spec §7 default list size; more than this many rows per page is refused. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = LIST_MAX_LIMIT;

export function checkLimit(limit: number) {
  if (Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT) return;
  throw refuse("BAD_USER_INPUT", "error_list_limit", `limit must be between 1 and ${MAX_LIMIT}.`, { max: MAX_LIMIT });
}

interface Token {
  s: string;
  o: string;
  k: string;
  i: string;
}

/** The position after `row`, bound to the sort it was made for. */
/** Any row of a keyset list: its id and its sort value as text. */
type Positioned = Pick<EntryRow, "id" | "sort_key">;

export const tokenAfter = (row: Positioned, sort: Sort) =>
  Buffer.from(JSON.stringify({ s: sort.field, o: sort.order, k: row.sort_key ?? "", i: row.id } satisfies Token)).toString("base64url");

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** The token's time must be a real instant (no February 31st), as PostgreSQL would refuse it. */
const isTimeKey = (key: string) => TIME_KEY.test(key) && !Number.isNaN(Date.parse(key)) && new Date(key).toISOString().slice(0, 19) === key.slice(0, 19);
const isTimeSort = (field: string) => field === "updatedAt" || field === "createdAt";
function isJsonKey(key: string) {
  if (key.includes("\\u0000")) return false;
  try {
    JSON.parse(key);
    return true;
  } catch {
    return false;
  }
}

const invalidToken = () => refuse("BAD_USER_INPUT", "error_next_token_invalid", "This nextToken is not valid for this list; start again without it.");

/** Reads nextToken; one made for another sort is refused rather than giving a wrong page. */
export function readToken(token: string | null | undefined, sort: Sort) {
  if (!token) return null;
  let parsed: Partial<Token>;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw invalidToken();
  }
  if (parsed?.s !== sort.field || parsed.o !== sort.order || typeof parsed.k !== "string" || typeof parsed.i !== "string") throw invalidToken();
  // What is cast in SQL is checked here first, so a forged token is bad input, never a database error.
  if (isTimeSort(sort.field) ? !isTimeKey(parsed.k) : !isJsonKey(parsed.k)) throw invalidToken();
  return { sortKey: parsed.k, id: parsed.i };
}

/**
 * A page as both spec §7 (`items`, `nextToken`) and Relay (`edges`, `pageInfo`) read it. The
 * edges and their cursors are getters: graphql-js reads only the fields a query selects, so a
 * list asking for `items` makes no cursor per row (a JSON and base64 string each).
 */
export function toConnection<R extends Positioned, T>(rows: R[], limit: number, sort: Sort, toNode: (row: R) => T) {
  const hasNextPage = rows.length > limit;
  const page = hasNextPage ? rows.slice(0, limit) : rows;
  const items = page.map(toNode);
  let edges: { node: T; cursor: string }[] | undefined;
  const edgesOnce = () => (edges ??= page.map((row, index) => ({ node: items[index], cursor: tokenAfter(row, sort) })));
  return {
    items,
    get edges() {
      return edgesOnce();
    },
    nextToken: hasNextPage ? tokenAfter(page[page.length - 1], sort) : null,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: false,
      get startCursor() {
        return page.length ? tokenAfter(page[0], sort) : null;
      },
      get endCursor() {
        return page.length ? tokenAfter(page[page.length - 1], sort) : null;
      },
    },
  };
}

export interface SortRange {
  eq?: string | null;
  lt?: string | null;
  le?: string | null;
  gt?: string | null;
  ge?: string | null;
  beginsWith?: string | null;
}

const NUMERIC = new Set(["Integer", "Float", "Timestamp"]);
const COMPARISONS: Record<string, string> = { eq: "=", lt: "<", le: "<=", gt: ">", ge: ">=" };

/** Spec §7 sort-range operators on the list's sort field; the text is read as that field's type. */
export function compileSortRange(range: SortRange | null | undefined, sort: Sort, table: TablePlan): RawBuilder<unknown> | null {
  if (!range) return null;
  const expression = sortExpression(sort.field);
  const isTime = isTimeSort(sort.field);
  const kind = table.fields.find((planned) => planned.field.name === sort.field)?.kind;
  const parts: RawBuilder<unknown>[] = [];
  for (const [operator, text] of Object.entries(range)) {
    if (text === null || text === undefined) continue;
    if (operator === "beginsWith") {
      const asText = isTime ? sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')` : sql`(${expression} #>> '{}')`;
      parts.push(sql`starts_with(${asText}, ${text})`);
      continue;
    }
    const value = rangeValue(text, sort.field, isTime, kind);
    if (isTime) parts.push(sql`${expression} ${sql.raw(COMPARISONS[operator])} ${value}`);
    else parts.push(operator === "eq" ? sql`${expression} = ${value}` : ordered(expression, operator, value));
  }
  return parts.length ? sql.join(parts, sql` and `) : null;
}

function rangeValue(text: string, field: string, isTime: boolean, kind: string | undefined) {
  const refused = () => refuse("BAD_USER_INPUT", "error_sort_range_invalid", `The sort range value "${text}" does not fit ${field}.`, { field });
  if (isTime) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) throw refused();
    return sortKeyValue(field, instant.toISOString());
  }
  if (kind && NUMERIC.has(kind)) {
    const number = Number(text);
    if (text.trim() === "" || !Number.isFinite(number)) throw refused();
    return sql`${JSON.stringify(number)}::jsonb`;
  }
  if (kind === "Boolean") {
    if (text !== "true" && text !== "false") throw refused();
    return sql`${text}::jsonb`;
  }
  return sql`${JSON.stringify(text)}::jsonb`;
}
