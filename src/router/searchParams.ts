import { filterSearchValue, parseFilterSearch } from "../domain/filterExpression";

/**
 * Search params of the routes, checked where they enter (validateSearch). A value of the wrong
 * shape is dropped, as if the link had not carried it, instead of failing the page; params a
 * route does not name pass unchanged (a screen may keep its own state in the URL).
 *
 * Plain checks rather than arktype: the route tree loads with every page, the sign-in page
 * included, and arktype would weigh on it for these few fields (docs/DECISIONS.md).
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

const matching =
  (pattern: RegExp): Check<string> =>
  (value) =>
    typeof value === "string" && pattern.test(value) ? value : undefined;

/** Links pass a boolean; a typed URL carries the word. */
const flag: Check<boolean> = (value) => {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown, maxLength: number): value is string => typeof value === "string" && value.length <= maxLength;

export interface RecordFrame {
  table: string;
  id: string | null;
  parentLink?: { field: string; id: string };
}

/** The record editor's stack: at most 20 frames of a table name and a record id (null while new). */
const recordStack: Check<RecordFrame[]> = (value) => {
  if (!Array.isArray(value) || value.length > 20) return undefined;
  const frames: RecordFrame[] = [];
  for (const frame of value) {
    if (!isObject(frame) || !isText(frame.table, 64) || !(frame.id === null || isText(frame.id, 100))) return undefined;
    const { parentLink } = frame;
    if (parentLink !== undefined && !(isObject(parentLink) && isText(parentLink.field, 70) && isText(parentLink.id, 100))) return undefined;
    frames.push({ table: frame.table, id: frame.id, ...(parentLink ? { parentLink: { field: parentLink.field as string, id: parentLink.id as string } } : {}) });
  }
  return frames;
};

const lenientDataSearch = lenient<{ showTemplates: boolean; sort: string; record: RecordFrame[] }>({
  showTemplates: flag,
  sort: matching(/^[_A-Za-z][_0-9A-Za-z]{0,127}:(ASC|DESC)$/),
  record: recordStack,
});

/** A filter the dropdown makes stays far below this; a longer one in a link is dropped. */
const MAX_FILTER_TEXT = 4000;

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

/** org-users-manage: the edit link pre-fills the member's email, role and role id. */
export const manageMemberSearch = lenient<{ email: string; role: string; roleId: string }>({
  email: text(254),
  role: text(20),
  roleId: text(100),
});

/** login: the notice shown above the form (e.g. after a password change). */
export const loginSearch = lenient<{ notice: string }>({ notice: text(50) });

/** signup-code-entry: the address the code was sent to (the sign-up and sign-in pages pass it). */
export const signupCodeSearch = lenient<{ email: string }>({ email: text(254) });

/** project-setup-publishing: the checkout's session id on return from the payment page. */
export const publishingSearch = lenient<{ session_id: string }>({ session_id: text(200) });

/** project-cloud-functions: ?logs= the function (key or id) whose logs are open. */
export const functionsSearch = lenient<{ logs: string }>({ logs: text(1024) });

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export type LogsTab = "activities" | "runs";
export type ActivityEventName = "INSERT" | "MODIFY" | "REMOVE";

/**
 * project-logs: ?tab= the open tab; the activities' filter: ?table= a table's name, ?event= an
 * activity, ?since= and ?until= local times as the date-time inputs give them.
 */
export const logsSearch = lenient<{ tab: LogsTab; table: string; event: ActivityEventName; since: string; until: string }>({
  tab: (value) => (value === "activities" || value === "runs" ? value : undefined),
  table: text(128),
  event: (value) => (value === "INSERT" || value === "MODIFY" || value === "REMOVE" ? value : undefined),
  since: matching(LOCAL_TIME),
  until: matching(LOCAL_TIME),
});
