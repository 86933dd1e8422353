/**
 * The SDL of spec §7 "The generic Type model" (resolvers in generic.ts): every table's entries
 * through one set of operations named by the table (`ofType`), the values as JSON text.
 */
export const GENERIC_SDL = `
"Spec §7 'The generic Type model': an entry of any table, its values as JSON text."
type Type {
  id: ID!
  "The table's name."
  ofType: String!
  "The project's id."
  namespace: String!
  createdAt: String!
  updatedAt: String!
  "The user fields' values as a JSON object (Json values as text, as in the table's own API)."
  fields: String!
  "The parent ids as a JSON object keyed like the table's inputs (authorId)."
  connections: String!
}
type TypeEdge { node: Type! cursor: String! }
type TypeConnection {
  items: [Type!]!
  nextToken: String
  edges: [TypeEdge!]!
  pageInfo: PageInfo!
  "The database planner's estimate of how many entries the list matches on all its pages: nothing is counted, so it may be off. Null for a list by parent."
  estimatedCount: Int
  "How many entries the list matches on all its pages, counted exactly up to the platform's cap. Refused when counting takes too long. Null for a list by parent."
  exactCount: TypeCount
}
"An exact count that stops at the platform's cap (LIMITS listCountMax)."
type TypeCount {
  "The entries counted: all of them, or the cap when more is true."
  count: Int!
  "Whether more entries match than the cap lets the count reach."
  more: Boolean!
}
"The values of one entry to create: JSON objects as text."
input TypeItemInput { fields: String connections: String directives: String }
"An entry to delete, with the values its table requires on delete."
input TypeKeyInput { id: ID! fields: String }
type DeleteTypesResult { deletedCount: Int! }
"Progress of a delete by filter, after each committed chunk."
type TypeDeleteProgress {
  "The caller's name for the deletion (deleteTypes' deletionId)."
  deletionId: ID!
  "The table's name."
  ofType: String!
  "Entries deleted so far."
  deleted: Int!
  "Entries the filter matched when the deletion started."
  total: Int!
  "Whether this was the deletion's last chunk."
  finished: Boolean!
}
"One committed batch of a CSV import into a table (an import announces its rows per batch, not per row)."
type TypeImportBatch {
  importId: ID!
  "The table's name."
  ofType: String!
  "Entries this batch added."
  rowsWritten: Int!
  "The import's written rows so far."
  rowsDone: Int!
  "The import's refused rows so far."
  rowsFailed: Int!
  "Whether this was the import's last batch."
  finished: Boolean!
}
`;

/** first/after are Relay's names for limit/nextToken, so the console can page with @connection. */
const LIST_ARGS = `limit: Int, nextToken: String, first: Int, after: String, filter: String, sortOrder: SortOrder = DESC, sortField: String, sortRange: SortRangeInput`;
const TABLE_ARGS = `ofType: String!, namespace: String`;
const VALUE_ARGS = `fields: String, connections: String, directives: String`;

export const GENERIC_QUERIES = [
  `"Whether the caller may create and edit entries (docs/ROLES.md data.edit)."\n  viewerCanEditData: Boolean!`,
  `"Whether the caller may delete entries (docs/ROLES.md data.delete)."\n  viewerCanDeleteData: Boolean!`,
  `type(id: ID!, ${TABLE_ARGS}): Type`,
  `listTypes(${TABLE_ARGS}, ${LIST_ARGS}): TypeConnection!`,
  `listTypesByParentType(${TABLE_ARGS}, parentType: String!, parentId: ID!, parentKey: ParentKey = FIRST, ${LIST_ARGS}): TypeConnection!`,
  `"How many entries belong to the parent, counted up to 10,001 (the console shows more than 10,000 as 10,000+)."\n  countTypesByParentType(${TABLE_ARGS}, parentType: String!, parentId: ID!, parentKey: ParentKey = FIRST): Int!`,
];
export const GENERIC_MUTATIONS = [
  `createType(${TABLE_ARGS}, ${VALUE_ARGS}): Type!`,
  `batchCreateType(${TABLE_ARGS}, items: [TypeItemInput!]!): [Type!]!`,
  `"With expectedUpdatedAt, refused with CONFLICT when the entry was written since."\n  updateType(id: ID!, ${TABLE_ARGS}, ${VALUE_ARGS}, expectedUpdatedAt: String): Type!`,
  `deleteType(id: ID!, ${TABLE_ARGS}, fields: String): Type!`,
  `batchDeleteType(${TABLE_ARGS}, items: [TypeKeyInput!]!): [Type!]!`,
  `"Deletes every entry the filter (JSON, as for listTypes) matches when the call starts, all without one, in chunks of 500 (each its own transaction); progress goes to onDeleteTypesProgress under deletionId."\n  deleteTypes(${TABLE_ARGS}, filter: String, deletionId: ID): DeleteTypesResult!`,
];
export const GENERIC_SUBSCRIPTIONS = [
  `onCreateType(${TABLE_ARGS}): Type!`,
  `onUpdateType(${TABLE_ARGS}): Type!`,
  `onDeleteType(${TABLE_ARGS}): Type!`,
  `"Each committed chunk of a delete by filter on the table: deleted of total."\n  onDeleteTypesProgress(${TABLE_ARGS}): TypeDeleteProgress!`,
  `"Each committed batch of a CSV import into the table: reload to see its rows."\n  onImportType(${TABLE_ARGS}): TypeImportBatch!`,
];
