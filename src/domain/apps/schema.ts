import { type } from "arktype";

/**
 * A customer app's schema (spec §3 CustomerApp.schema, stored as JSON text): its views in menu
 * order. Tables and fields are named by their model ids, so renaming a table in the model keeps
 * the app working; the app page resolves them against the live model when it is served.
 */
export const VIEW_TYPES = ["table", "detail", "chatbot"] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
/** The rows per page a table view may show (the app pages on the server, never loads every row). */
export const VIEW_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_VIEW_PAGE_SIZE = 25;
/** Bounds one app's schema so every check of it stays small. */
export const MAX_VIEWS = 50;
export const MAX_VIEW_FIELDS = 200;
export const MAX_APP_SCHEMA_CHARS = 256 * 1024;

const CLOSED = { "+": "reject" } as const;
const FieldIds = type("string[]");
/** A default filter's condition, by field id (the conditions combine with and, as the console's filter does). */
const FilterRule = type({ ...CLOSED, fieldId: "string", operator: "string", value: "string | number | boolean" });
/** Most conditions a view's default filter holds. */
export const MAX_VIEW_FILTER_RULES = 10;
/** Most tables one chatbot view answers from (each is one list query per question). */
export const MAX_CHAT_TABLES = 5;

const TableView = type({
  ...CLOSED,
  id: "string > 0",
  name: "string",
  type: "'table'",
  tableId: "string",
  columns: FieldIds,
  "sort?": type({ ...CLOSED, fieldId: "string", direction: "'ASC' | 'DESC'" }).or("null"),
  pageSize: "number.integer",
  /** Applied on the server through the list's filter input; the user cannot remove it in the app. */
  "filter?": FilterRule.array(),
  /** A word search pinned from a chatbot's answer: entries whose fields contain any of the words, on top of `filter`. */
  "search?": type({ ...CLOSED, words: "string[]", fieldIds: FieldIds }),
  actions: { ...CLOSED, create: "boolean", edit: "boolean", delete: "boolean" },
});

const DetailView = type({
  ...CLOSED,
  id: "string > 0",
  name: "string",
  type: "'detail'",
  tableId: "string",
  fields: FieldIds,
  /** Connected tables (parents or children in the model) whose records are listed under the entry. */
  "related?": FieldIds,
});

const ChatbotView = type({
  ...CLOSED,
  id: "string > 0",
  name: "string",
  type: "'chatbot'",
  tableId: "string",
  /** The fields the built-in search looks in (and the answer shows). */
  fields: FieldIds,
  /** Further tables the chat answers from, each with its own fields (the question is planned per table). */
  "moreTables?": type({ ...CLOSED, tableId: "string", fields: FieldIds }).array(),
});

export const AppSchemaShape = type({ ...CLOSED, views: TableView.or(DetailView).or(ChatbotView).array() });

export type AppSchema = typeof AppSchemaShape.infer;
export type AppView = AppSchema["views"][number];
export type TableView = Extract<AppView, { type: "table" }>;
export type DetailView = Extract<AppView, { type: "detail" }>;
export type ChatbotView = Extract<AppView, { type: "chatbot" }>;
export type ViewFilterRule = NonNullable<TableView["filter"]>[number];

export const emptyAppSchema = (): AppSchema => ({ views: [] });

/** A chatbot view's tables with their fields, its first table first. */
export const chatTablesOf = (view: ChatbotView): { tableId: string; fields: string[] }[] => [{ tableId: view.tableId, fields: view.fields }, ...(view.moreTables ?? [])];

/** The fields a view shows, whatever its type. */
export const viewFieldIds = (view: AppView): string[] => (view.type === "table" ? view.columns : view.fields);
