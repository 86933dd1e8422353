import type { AppPageTable } from "../domain/apps/page";

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
const selection = (fields: readonly string[]) => ["id", "updatedAt", ...fields.filter((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))].join(" ");

export function listQuery(table: AppPageTable, fields: readonly string[]) {
  return `query AppList($limit: Int, $nextToken: String, $sortOrder: SortOrder, $sortBy: ${table.name}SortField) {
  list: ${table.operations.list}(limit: $limit, nextToken: $nextToken, sortOrder: $sortOrder, sortBy: $sortBy) { items { ${selection(fields)} } nextToken }
}`;
}

export const getQuery = (table: AppPageTable, fields: readonly string[]) => `query AppGet($id: ID!) { entry: ${table.operations.get}(id: $id) { ${selection(fields)} } }`;

export const createMutation = (table: AppPageTable) => `mutation AppCreate($input: Create${table.name}Input!) { entry: ${table.operations.create}(input: $input) { id } }`;
export const updateMutation = (table: AppPageTable) => `mutation AppUpdate($input: Update${table.name}Input!) { entry: ${table.operations.update}(input: $input) { id } }`;

export type Entry = Record<string, unknown> & { id: string };
