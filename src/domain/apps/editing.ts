import { connectionsOf, type ObjectType } from "../model";
import { DEFAULT_VIEW_PAGE_SIZE, type AppSchema, type AppView, type TableView } from "./schema";
import type { ChatPlan } from "./page";

/** The app editor's edits of an app schema; each returns a new schema. */

/** Moves the view at `from` to `to` (drag and drop, or the up/down buttons). */
export function moveView(schema: AppSchema, from: number, to: number): AppSchema {
  if (from === to || from < 0 || to < 0 || from >= schema.views.length || to >= schema.views.length) return schema;
  const views = [...schema.views];
  const [moved] = views.splice(from, 1);
  views.splice(to, 0, moved);
  return { views };
}

/** Moves an id within a list of field ids (a detail view's field order). */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  if (from === to || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** A table's fields an app shows: its user fields (id, createdAt and updatedAt are always there). */
export const userFieldsOf = (table: Pick<ObjectType, "fields">) => table.fields.filter((field) => field.type && !field.readonly);

/** A name not yet used by a view of the app ("Table", "Table 2", …). */
function freeViewName(schema: AppSchema, base: string) {
  const taken = new Set(schema.views.map((view) => view.name.trim().toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}

function freeViewId(schema: AppSchema) {
  const taken = new Set(schema.views.map((view) => view.id));
  for (let n = schema.views.length + 1; ; n++) if (!taken.has(`v${n}`)) return `v${n}`;
}

/** A new view of `table`, showing its first fields; table views offer create and edit; a chatbot looks in every field. */
export function newView(schema: AppSchema, type: AppView["type"], table: ObjectType): AppView {
  const fieldIds = userFieldsOf(table).map((field) => field.id);
  const base = { id: freeViewId(schema), name: freeViewName(schema, table.name.slice(0, 32)), tableId: table.id };
  if (type === "chatbot") return { ...base, type, fields: fieldIds };
  return type === "table"
    ? { ...base, type, columns: fieldIds.slice(0, 6), sort: null, pageSize: DEFAULT_VIEW_PAGE_SIZE, actions: { create: true, edit: true, delete: false } }
    : { ...base, type, fields: fieldIds, related: connectionsOf(table).map((connection) => connection.typeId) };
}

export function replaceView(schema: AppSchema, index: number, view: AppView): AppSchema {
  return { views: schema.views.map((old, at) => (at === index ? view : old)) };
}

export function removeView(schema: AppSchema, index: number): AppSchema {
  return { views: schema.views.filter((_, at) => at !== index) };
}

/**
 * 'Pin as a view': a table view of the answer's table whose default filter is the answer's — the
 * model's conditions as filter rules, or the built-in search's words as a pinned search.
 */
export function pinnedView(schema: AppSchema, plan: ChatPlan, table: ObjectType): TableView {
  const view = newView(schema, "table", table) as TableView;
  const idOf = new Map(table.fields.map((field) => [field.name, field.id]));
  if (plan.source === "llm") {
    const filter = (plan.conditions ?? []).flatMap((condition) => {
      const fieldId = idOf.get(condition.field);
      return fieldId && condition.value !== null ? [{ fieldId, operator: condition.operator, value: condition.value as string | number | boolean }] : [];
    });
    return { ...view, filter };
  }
  const fieldIds = plan.fields.flatMap((name) => idOf.get(name) ?? []);
  return plan.searched && fieldIds.length > 0 ? { ...view, search: { words: plan.words, fieldIds } } : view;
}
