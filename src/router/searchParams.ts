import { type } from "arktype";
import { filterExpression, parseFilterSearch, type FilterExpression } from "../domain/filters";

/**
 * Search params of the routes, checked where they enter (validateSearch). A value of the wrong
 * shape is dropped, as if the link had not carried it, instead of failing the page.
 */
function lenient<T extends object>(schema: type.Any<T>) {
  return (raw: Record<string, unknown>): Partial<T> => {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      const checked = schema({ [key]: value });
      if (!(checked instanceof type.errors)) Object.assign(kept, checked);
    }
    return kept as Partial<T>;
  };
}

const templatesSearch = lenient(
  type({ "showTemplates?": type("boolean | 'true' | 'false'").pipe((value) => value === true || value === "true") }),
);

/** The record editor's stack: at most 20 frames of a table name and a record id (null while new). */
const recordStack = type({
  table: "string <= 64",
  id: "string <= 100 | null",
  "parentLink?": { field: "string <= 70", id: "string <= 100" },
})
  .array()
  .atMostLength(20);

const recordSearch = lenient(type({ "record?": recordStack }));

/**
 * project-data: ?showTemplates=true opens the templates modal (links pass true, typed URLs
 * "true"); ?filter= is the table's filter, {field: {operator: value}} as JSON (several
 * conditions as {and: [...]}), kept only in that shape; ?record= the record editor's stack.
 */
export function dataSearch(raw: Record<string, unknown>): ReturnType<typeof templatesSearch> & ReturnType<typeof recordSearch> & { filter?: FilterExpression } {
  const filter = filterExpression(parseFilterSearch(raw.filter));
  const kept = { ...templatesSearch(raw), ...recordSearch(raw) };
  return filter ? { ...kept, filter } : kept;
}

/** org-users-manage: the edit link pre-fills the member's email, role and role id. */
export const manageMemberSearch = lenient(type({ "email?": "string <= 254", "role?": "string <= 20", "roleId?": "string <= 100" }));

/** login: the notice shown above the form (e.g. after a password change). */
export const loginSearch = lenient(type({ "notice?": "string <= 50" }));
