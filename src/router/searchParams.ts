/**
 * Search params of the routes, checked where they enter (validateSearch). A value of the wrong
 * shape is dropped, as if the link had not carried it, instead of failing the page; params a
 * route does not name pass unchanged (a screen may keep its own state in the URL).
 *
 * Plain checks rather than arktype: the route tree loads with every page, the sign-in page
 * included, and arktype would add ~40 KB gzip to it for these five fields (docs/DECISIONS.md).
 */
type Check<T> = (value: unknown) => T | undefined;

function lenient<T extends object>(checks: { [K in keyof T]-?: Check<T[K]> }) {
  return (raw: Record<string, unknown>): Partial<T> => {
    const kept: Record<string, unknown> = { ...raw };
    for (const [key, check] of Object.entries(checks) as [string, Check<unknown>][]) {
      if (!(key in raw)) continue;
      const value = check(raw[key]);
      if (value === undefined) delete kept[key];
      else kept[key] = value;
    }
    return kept as Partial<T>;
  };
}

const text =
  (maxLength: number): Check<string> =>
  (value) =>
    typeof value === "string" && value.length <= maxLength ? value : undefined;

/** Links pass a boolean; a typed URL carries the word. */
const flag: Check<boolean> = (value) => {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
};

/** project-data: ?showTemplates=true opens the templates modal. */
export const dataSearch = lenient<{ showTemplates: boolean }>({ showTemplates: flag });

/** org-users-manage: the edit link pre-fills the member's email, role and role id. */
export const manageMemberSearch = lenient<{ email: string; role: string; roleId: string }>({
  email: text(254),
  role: text(20),
  roleId: text(100),
});

/** login: the notice shown above the form (e.g. after a password change). */
export const loginSearch = lenient<{ notice: string }>({ notice: text(50) });
