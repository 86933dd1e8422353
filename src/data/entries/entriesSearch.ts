import type { EntriesPanelQuery$variables } from "../../__generated__/EntriesPanelQuery.graphql";

/** Spec §9: the data list's default page size. */
export const DEFAULT_PAGE_SIZE = 100;

export type GridSort = { field: string; order: "ASC" | "DESC" };

/** `?sort=<field>:<ASC|DESC>` (checked by the route's validateSearch); none means the table's default. */
export function parseSort(sort: string | undefined): GridSort | null {
  if (!sort) return null;
  const [field, order] = sort.split(":");
  return order === "ASC" || order === "DESC" ? { field, order } : null;
}

export const formatSort = (sort: GridSort) => `${sort.field}:${sort.order}`;

/** The entries query's variables for a table and the route's search. */
export function entriesVariables(ofType: string, search: { sort?: string; filter?: string }, pageSize = DEFAULT_PAGE_SIZE): EntriesPanelQuery$variables {
  const sort = parseSort(search.sort);
  return { ofType, filter: search.filter ?? null, sortField: sort?.field ?? null, sortOrder: sort?.order ?? "DESC", count: pageSize };
}
