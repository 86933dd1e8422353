import type { AppPageRelated, AppPageTable } from "../domain/apps/page";

/** One call to the project's endpoint with the signed-in user's token: the table's permissions and owner rules apply. */
export async function callProject<T>(graphqlUrl: string, token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(graphqlUrl, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json().catch(() => ({}))) as { data?: T; errors?: { message: string }[] };
  if (answer.errors?.length) throw new Error(answer.errors.map((error) => error.message).join(" "));
  if (!answer.data) throw new Error(`HTTP ${response.status}`);
  return answer.data;
}

/** Field names are checked identifiers from the live model; only these reach a query's text. */
const isName = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
const selection = (fields: readonly string[]) => ["id", "updatedAt", ...fields.filter(isName)].join(" ");

/** One page of a table, with the view's filter as a variable (the server applies it). */
export function listQuery(table: AppPageTable, fields: readonly string[]) {
  return `query AppList($limit: Int, $nextToken: String, $sortOrder: SortOrder, $sortBy: ${table.name}SortField, $filter: ${table.name}FilterInput) {
  list: ${table.operations.list}(limit: $limit, nextToken: $nextToken, sortOrder: $sortOrder, sortBy: $sortBy, filter: $filter) { items { ${selection(fields)} } nextToken }
}`;
}

/** How many related records a detail view lists per connected table. */
export const RELATED_LIMIT = 20;

/** One entry and, in the same request, its related records (read with the same token, so the related tables' permissions apply). */
export function getQuery(table: AppPageTable, fields: readonly string[], related: readonly AppPageRelated[] = []) {
  const connections = related.map((link, index) =>
    !isName(link.field) ? "" : link.kind === "parent" ? `related${index}: ${link.field} { ${selection(link.fields)} }` : `related${index}: ${link.field}(limit: ${RELATED_LIMIT}) { items { ${selection(link.fields)} } nextToken }`,
  );
  return `query AppGet($id: ID!) { entry: ${table.operations.get}(id: $id) { ${[selection(fields), ...connections].join(" ")} } }`;
}

export const deleteMutation = (table: AppPageTable) => `mutation AppDelete($input: Delete${table.name}Input!) { entry: ${table.operations.delete}(input: $input) { id } }`;

export const createMutation = (table: AppPageTable) => `mutation AppCreate($input: Create${table.name}Input!) { entry: ${table.operations.create}(input: $input) { id } }`;
export const updateMutation = (table: AppPageTable) => `mutation AppUpdate($input: Update${table.name}Input!) { entry: ${table.operations.update}(input: $input) { id } }`;

export type Entry = Record<string, unknown> & { id: string };
