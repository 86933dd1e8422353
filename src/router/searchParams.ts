import { type } from "arktype";
import { filterSearchValue, parseFilterSearch } from "../domain/filters";

/**
 * Search params of the routes, checked where they enter (validateSearch). A value of the wrong
 * shape is dropped, as if the link had not carried it, instead of failing the page.
 */
function lenient<S extends type.Any<object>>(schema: S) {
  type T = S["infer"];
  return (raw: Record<string, unknown>): Partial<T> => {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      const checked = schema({ [key]: value });
      if (!(checked instanceof type.errors)) Object.assign(kept, checked);
    }
    return kept as Partial<T>;
  };
}

const lenientDataSearch = lenient(
  type({
    "showTemplates?": type("boolean | 'true' | 'false'").pipe((value) => value === true || value === "true"),
    "sort?": /^[_A-Za-z][_0-9A-Za-z]{0,127}:(ASC|DESC)$/,
    // The record editor's stack: at most 20 frames of a table name and a record id (null while new).
    "record?": type({
      table: "string <= 64",
      id: "string <= 100 | null",
      "parentLink?": { field: "string <= 70", id: "string <= 100" },
    })
      .array()
      .atMostLength(20),
  }),
);

/**
 * project-data: ?showTemplates=true opens the templates modal (links pass true, typed URLs
 * "true"); ?sort=<field>:<ASC|DESC> sorts the grid; ?filter= is its filter as JSON text of
 * {field: {operator: value}} (several conditions as {and: [...]}), kept only in the shape the
 * filter dropdown makes (src/domain/filters.ts); ?record= is the record editor's stack.
 */
export function dataSearch(raw: Record<string, unknown>): ReturnType<typeof lenientDataSearch> & { filter?: string } {
  // The router reads a JSON value in the URL as an object; the list query takes it as text.
  const { filter: unchecked, ...rest } = raw;
  const filter = filterSearchValue(parseFilterSearch(unchecked));
  const kept = lenientDataSearch(rest);
  return filter && filter.length <= MAX_FILTER_TEXT ? { ...kept, filter } : kept;
}

/** A filter the dropdown makes stays far below this; a longer one in a link is dropped. */
const MAX_FILTER_TEXT = 4000;

/** org-users-manage: the edit link pre-fills the member's email, role and role id. */
export const manageMemberSearch = lenient(type({ "email?": "string <= 254", "role?": "string <= 20", "roleId?": "string <= 100" }));

/** login: the notice shown above the form (e.g. after a password change). */
export const loginSearch = lenient(type({ "notice?": "string <= 50" }));
export const publishingSearch = lenient(type({ "session_id?": "string <= 200" }));
