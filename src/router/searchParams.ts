import { type } from "arktype";

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

/**
 * project-data: ?showTemplates=true opens the templates modal (links pass true, typed URLs
 * "true"); ?sort=<field>:<ASC|DESC> sorts the grid; ?filter= is its filter as JSON text of
 * {field: {operator: value}} conditions (the server checks fields and operands).
 */
export const dataSearch = lenient(
  type({
    "showTemplates?": type("boolean | 'true' | 'false'").pipe((value) => value === true || value === "true"),
    "sort?": /^[_A-Za-z][_0-9A-Za-z]{0,127}:(ASC|DESC)$/,
    // The router reads a JSON value in the URL as an object; the grid sends the filter as text.
    "filter?": type("string | object").pipe((value): string => (typeof value === "string" ? value : JSON.stringify(value)), type("string <= 4000").narrow(isFilterJson)),
  }),
);

/** A JSON object whose every value is an object of operators (or and/or/not), as listTypes takes. */
function isFilterJson(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return isConditionObject(parsed);
  } catch {
    return false;
  }
}
const isConditionObject = (value: unknown): boolean =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((condition) => condition !== null && typeof condition === "object");

/** org-users-manage: the edit link pre-fills the member's email, role and role id. */
export const manageMemberSearch = lenient(type({ "email?": "string <= 254", "role?": "string <= 20", "roleId?": "string <= 100" }));

/** login: the notice shown above the form (e.g. after a password change). */
export const loginSearch = lenient(type({ "notice?": "string <= 50" }));
