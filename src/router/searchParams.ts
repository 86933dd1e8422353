import { type } from "arktype";

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

/** project-data: ?showTemplates=true opens the templates modal (links pass true, typed URLs "true"). */
export const dataSearch = lenient(
  type({ "showTemplates?": type("boolean | 'true' | 'false'").pipe((value) => value === true || value === "true") }),
);

/** org-users-manage: the edit link pre-fills the member's email, role and role id. */
export const manageMemberSearch = lenient(type({ "email?": "string <= 254", "role?": "string <= 20", "roleId?": "string <= 100" }));

/** login: the notice shown above the form (e.g. after a password change). */
export const loginSearch = lenient(type({ "notice?": "string <= 50" }));
export const publishingSearch = lenient(type({ "session_id?": "string <= 200" }));
