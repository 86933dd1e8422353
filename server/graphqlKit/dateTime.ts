import { GraphQLScalarType, Kind } from "graphql";
import { refuse } from "./errors";

/** PostgreSQL's timestamptz and JavaScript's Date both hold these years; outside is a caller's mistake. */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/** ISO 8601 timestamps; an input that is no date or out of range is BAD_USER_INPUT, never a database error. */
export const DateTime = new GraphQLScalarType({
  name: "DateTime",
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
  parseValue: (value) => parseDate(value),
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : null),
});

function parseDate(value: unknown): string {
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
  const year = date?.getUTCFullYear() ?? NaN;
  if (!date || Number.isNaN(date.getTime()) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw refuse("BAD_USER_INPUT", "error_invalid_date", "This is not a valid date.");
  }
  return date.toISOString();
}
