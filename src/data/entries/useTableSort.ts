import { useCallback, useEffect } from "react";
import { useSearch } from "@tanstack/react-router";
import { listSortFields, type ObjectType } from "../../domain/model";
import { readStored, writeStored } from "../../storage";
import { formatSort, parseSort, type GridSort } from "./entriesSearch";
import { useNavigateHere } from "../../router/useNavigateHere";

type StoredSorts = Record<string, string>;

/**
 * A table's sort. It lives in the URL (?sort=field:ASC|DESC, shareable and kept on reload) and in
 * the stored 'sort range' of spec §3, per project and table (like the stored 'filters'), so a
 * table opened again without a sort in its link gets its last one back. A stored sort on a field
 * the table can no longer sort by is forgotten rather than sent and refused.
 */
export function useTableSort(apiId: string, table: ObjectType | undefined) {
  const navigate = useNavigateHere();
  const search = useSearch({ strict: false });
  // Keyed by the table's model id, which survives a rename as its entries do.
  const storageKey = table ? `${apiId}/${table.id}` : null;
  const sortable = table ? listSortFields(table.fields) : [];
  const sort: GridSort = parseSort(search.sort) ?? { field: sortable[0], order: "DESC" };

  const setSort = useCallback(
    (next: GridSort, options: { replace?: boolean } = {}) => {
      if (storageKey) writeStored("sort-range", { ...readStored<StoredSorts>("sort-range"), [storageKey]: formatSort(next) });
      void navigate({
        search: (previous: Record<string, unknown>) => ({ ...previous, sort: formatSort(next) }),
        hash: (current) => current ?? "",
        replace: options.replace ?? true,
      });
    },
    [navigate, storageKey],
  );

  useEffect(() => {
    if (!storageKey || search.sort !== undefined) return;
    const stored = parseSort(readStored<StoredSorts>("sort-range")?.[storageKey]);
    if (stored && sortable.includes(stored.field)) setSort(stored);
    else if (stored) {
      const { [storageKey]: _forgotten, ...others } = readStored<StoredSorts>("sort-range") ?? {};
      writeStored("sort-range", others);
    }
  }, [storageKey]);

  // The URL's own text goes to the list query and the export: none means the server's default sort.
  return [sort, setSort, search.sort] as const;
}
