import { type } from "arktype";
import { connectionsOf, type Field, type SchemaModel } from "../model";
import { allowsOperator, filterKind, operandOf, type FilterOperator } from "../filters";
import { MAX_SEARCH_WORDS, MAX_SEARCH_WORD_CHARS } from "./wordSearch";
import { VIEW_NAME_MAX_LENGTH, VIEW_NAME_MIN_LENGTH } from "./names";
import { AppSchemaShape, MAX_APP_SCHEMA_CHARS, MAX_CHAT_TABLES, chatTablesOf, MAX_VIEWS, MAX_VIEW_FIELDS, MAX_VIEW_FILTER_RULES, VIEW_PAGE_SIZES, viewFieldIds, type AppSchema, type ViewFilterRule } from "./schema";

/** A refused app schema: the message id (locales/*.json), its English text and values, and where. */
export interface AppProblem {
  messageId: AppProblemId;
  english: string;
  values?: Record<string, string | number>;
  /** The view's index in the menu, when the problem is one view's. */
  viewIndex?: number;
}

export const APP_PROBLEMS = {
  error_app_schema_invalid: "The app's schema is not valid.",
  error_app_view_name_length: `A view name needs ${VIEW_NAME_MIN_LENGTH} to ${VIEW_NAME_MAX_LENGTH} characters.`,
  error_app_view_name_unique: "Each view of an app needs its own name.",
  error_app_view_table_required: "Choose the table the view shows.",
  error_app_view_table_missing: "The table of this view does not exist in the published project.",
  error_app_view_field_missing: "A field of this view does not exist in its table.",
  error_app_view_page_size: "Choose one of the offered page sizes.",
  error_app_view_filter_invalid: "A condition of the view's default filter does not fit its field.",
  error_app_view_related_invalid: "A related table of this view is not connected to its table.",
  error_app_view_chat_tables: `A chatbot view answers from 1 to ${MAX_CHAT_TABLES} different tables.`,
  error_app_views_too_many: `An app has at most ${MAX_VIEWS} views.`,
} as const;
export type AppProblemId = keyof typeof APP_PROBLEMS;

const problem = (messageId: AppProblemId, viewIndex?: number, values?: Record<string, string | number>): AppProblem => ({
  messageId,
  english: APP_PROBLEMS[messageId],
  ...(viewIndex === undefined ? {} : { viewIndex }),
  ...(values ? { values } : {}),
});

/** Reads the schema's JSON text; null text is an empty app. */
export function parseAppSchema(text: string): { schema: AppSchema } | { problem: AppProblem } {
  if (text.length > MAX_APP_SCHEMA_CHARS) return { problem: problem("error_app_schema_invalid") };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: problem("error_app_schema_invalid") };
  }
  const checked = AppSchemaShape(json);
  if (checked instanceof type.errors) return { problem: problem("error_app_schema_invalid") };
  return { schema: checked };
}

/**
 * Spec §5's rules for an app's views against the project's live model (null before the first
 * publish: then no view can name a table): names of 2–32 characters, unique within the app
 * (ignoring case, as a menu shows them), a table that exists, fields of that table, an offered
 * page size. The first problem is returned; every check is one pass over the views and fields.
 */
export function checkAppSchema(schema: AppSchema, model: SchemaModel | null): AppProblem | null {
  if (schema.views.length > MAX_VIEWS) return problem("error_app_views_too_many");
  const names = new Set<string>();
  const tables = new Map((model?.objectTypes ?? []).map((table) => [table.id, new Map(table.fields.map((field) => [field.id, field]))]));
  const connected = new Map((model?.objectTypes ?? []).map((table) => [table.id, new Set(connectionsOf(table).map((connection) => connection.typeId))]));
  for (const [index, view] of schema.views.entries()) {
    const name = view.name.trim();
    if (name.length < VIEW_NAME_MIN_LENGTH || name.length > VIEW_NAME_MAX_LENGTH)
      return problem("error_app_view_name_length", index, { min: VIEW_NAME_MIN_LENGTH, max: VIEW_NAME_MAX_LENGTH });
    const key = name.toLowerCase();
    if (names.has(key)) return problem("error_app_view_name_unique", index, { name });
    names.add(key);
    if (!view.tableId) return problem("error_app_view_table_required", index);
    const fields = tables.get(view.tableId);
    if (!fields) return problem("error_app_view_table_missing", index);
    const fieldIds = viewFieldIds(view);
    if (fieldIds.length > MAX_VIEW_FIELDS) return problem("error_app_schema_invalid", index);
    const sortField = view.type === "table" && view.sort ? [view.sort.fieldId] : [];
    if ([...fieldIds, ...sortField].some((fieldId) => !fields.has(fieldId))) return problem("error_app_view_field_missing", index);
    if (view.type === "table" && !(VIEW_PAGE_SIZES as readonly number[]).includes(view.pageSize)) return problem("error_app_view_page_size", index);
    const rules = view.type === "table" ? (view.filter ?? []) : [];
    if (rules.length > MAX_VIEW_FILTER_RULES || rules.some((rule) => !ruleFits(rule, fields.get(rule.fieldId)))) return problem("error_app_view_filter_invalid", index);
    if (view.type === "table" && view.search && !searchFits(view.search, fields)) return problem("error_app_view_filter_invalid", index);
    const related = view.type === "detail" ? (view.related ?? []) : [];
    if (view.type === "chatbot" && !chatTablesFit(view, tables)) return problem("error_app_view_chat_tables", index, { max: MAX_CHAT_TABLES });
    if (related.length > MAX_VIEWS || related.some((tableId) => !connected.get(view.tableId)?.has(tableId))) return problem("error_app_view_related_invalid", index);
  }
  return null;
}

/** A chatbot's further tables: at most MAX_CHAT_TABLES in all, each once, existing, with fields of its own. */
function chatTablesFit(view: Extract<AppSchema["views"][number], { type: "chatbot" }>, tables: Map<string, Map<string, Field>>): boolean {
  const chosen = chatTablesOf(view);
  if (chosen.length > MAX_CHAT_TABLES || new Set(chosen.map((table) => table.tableId)).size !== chosen.length) return false;
  return chosen.every((table) => {
    const fields = tables.get(table.tableId);
    return fields !== undefined && table.fields.length <= MAX_VIEW_FIELDS && table.fields.every((fieldId) => fields.has(fieldId));
  });
}

/** A pinned word search: 1 to 5 words of 1 to 100 characters, looked for in 1 to MAX_VIEW_FIELDS text fields of the table. */
function searchFits(search: NonNullable<Extract<AppSchema["views"][number], { type: "table" }>["search"]>, fields: Map<string, Field>): boolean {
  if (search.words.length === 0 || search.words.length > MAX_SEARCH_WORDS || search.words.some((word) => word.length === 0 || word.length > MAX_SEARCH_WORD_CHARS)) return false;
  if (search.fieldIds.length === 0 || search.fieldIds.length > MAX_VIEW_FIELDS) return false;
  return search.fieldIds.every((fieldId) => {
    const field = fields.get(fieldId);
    return field?.type ? !field.isList && filterKind(field.type) === "text" : false;
  });
}

/** A filter condition fits its field: an operator the field's type offers, with a value of its operand's kind. */
function ruleFits(rule: ViewFilterRule, field: Field | undefined): boolean {
  if (!field?.type || !allowsOperator(field.type, rule.operator)) return false;
  const operand = operandOf(field.type, rule.operator as FilterOperator);
  if (operand === "Boolean") return typeof rule.value === "boolean";
  if (operand === "Int") return Number.isInteger(rule.value);
  if (operand === "Float") return typeof rule.value === "number" && Number.isFinite(rule.value);
  return typeof rule.value === "string";
}

/** Names trimmed as stored. */
export const normalizedAppSchema = (schema: AppSchema): AppSchema => ({ views: schema.views.map((view) => ({ ...view, name: view.name.trim() })) });

