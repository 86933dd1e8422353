import type { FilterCondition, FilterExpression } from "../filters";
/**
 * What the app page (src/app/, served at /apps/<appId>/) is given with its HTML: the app's views
 * resolved against the project's live model when the page is served, so the page needs no
 * introspection, and a view whose table was removed by a republish arrives as `table: null`.
 */
export interface AppPageField {
  name: string;
  /** The GraphQL type of the value without `!` (String, Int, Float, Boolean, AWSJSON, an enum…). */
  graphqlType: string;
  kind: string;
  readonly: boolean;
  requiredOnCreate: boolean;
  isList: boolean;
  /** For enum fields: the values offered. */
  enumValues?: string[];
}

export interface AppPageTable {
  name: string;
  /** The table's fields the view needs (shown, or required by its create), in model order. */
  fields: AppPageField[];
  /** The operations the view uses: list/get, and create, update, delete where its actions offer them and the API has them. */
  operations: { list: string; get: string; create: string | null; update: string | null; delete: string | null };
}

export interface AppPageView {
  id: string;
  name: string;
  type: "table" | "detail" | "chatbot";
  /** Null when the table no longer exists in the published project. */
  table: AppPageTable | null;
  /** The fields the view shows (names), in order; only those that still exist. */
  fields: string[];
  pageSize: number;
  sort: { field: string; direction: "ASC" | "DESC" } | null;
  actions: { create: boolean; edit: boolean; delete: boolean };
  /** A table view's default filter as the list's filter input (field names), sent with every page. */
  filter: FilterExpression | null;
  /** A detail view's connected tables, read in the same query as the entry. */
  related: AppPageRelated[];
  /** A chatbot view's tables (its first table first) that still exist, each with its chosen fields; empty for other views. */
  chatTables: AppPageChatTable[];
}

/** One table a chatbot view answers from, and the fields it searches in and shows. */
export interface AppPageChatTable {
  table: AppPageTable;
  fields: string[];
}

/** Records of a connected table listed under a detail view's entry. */
export interface AppPageRelated {
  /** The related table's name (a detail view of it opens its records). */
  table: string;
  /** `parent`: the entry's parent (one record); `children`: the entry's children (a list). */
  kind: "parent" | "children";
  /** The connection field on the entry's type (`note` or `listComment`). */
  field: string;
  /** The related records' fields shown (its first few). */
  fields: string[];
}

export interface AppPageConfig {
  appId: string;
  name: string;
  logoUrl: string | null;
  graphqlUrl: string;
  /** The project's own user pool (amazon-cognito-identity-js); null when it has none (yet). */
  userPool: { userPoolId: string; clientId: string; endpoint: string } | null;
  views: AppPageView[];
}

/**
 * A chatbot view's answer plan (POST <appUrl>chat): the filter the page runs as a list query with
 * the user's own token, and what it looked for, so the page can say what it matched.
 */
export interface ChatPlan {
  /** The table the plan lists (a chatbot view's table's name). */
  table: string;
  /** "llm": the project's language model chose the filter; "search": the built-in word search. */
  source: "llm" | "search";
  filter: FilterExpression | null;
  /** The model's conditions (field names; combined with and) that make up `filter`, so a member can pin them as a table view's default filter. */
  conditions?: FilterCondition[];
  /** The built-in search's words (empty for the model's plan). */
  words: string[];
  /** The fields looked in (search) or filtered on (model). */
  fields: string[];
  /** The model's one-sentence account of its filter. */
  explanation: string | null;
  /** False when the question held nothing to search for (no words, or no text field to look in). */
  searched: boolean;
}
