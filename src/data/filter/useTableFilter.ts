import { useCallback, useEffect, useMemo } from "react";
import { useSearch } from "@tanstack/react-router";
import { allowsOperator, filterExpression, filterSearchValue, parseFilterSearch, type FilterCondition, type FilterExpression } from "../../domain/filters";
import { effectiveFieldType, type ObjectType } from "../../domain/model";
import { readStored, writeStored } from "../../storage";
import { useNavigateHere } from "../../router/useNavigateHere";

type StoredFilters = Record<string, FilterExpression>;

/**
 * A table's active filter. It lives in the URL (?filter=, shareable and kept on reload) and in
 * the stored 'filters' of spec §3, per project and table, so a table opened again without a
 * filter in its link gets its last one back. Conditions on fields the table no longer has, or
 * with an operator its type does not allow, are dropped rather than sent and refused.
 */
export function useTableFilter(apiId: string, table: ObjectType | undefined) {
  const navigate = useNavigateHere();
  const search = useSearch({ strict: false });
  // Keyed by the table's model id, which survives a rename as its entries do.
  const storageKey = table ? `${apiId}/${table.id}` : null;

  const conditions = useMemo(() => {
    if (!table) return [];
    const types = new Map(table.fields.map((field) => [field.name, effectiveFieldType(field)]));
    return parseFilterSearch(search.filter).filter((condition) => {
      const fieldType = types.get(condition.field);
      return fieldType != null && allowsOperator(fieldType, condition.operator);
    });
  }, [search.filter, table]);

  const setConditions = useCallback(
    (next: readonly FilterCondition[], options: { replace?: boolean } = {}) => {
      const expression = filterExpression(next);
      if (storageKey) {
        const { [storageKey]: _previous, ...others } = readStored<StoredFilters>("filters") ?? {};
        writeStored("filters", expression ? { ...others, [storageKey]: expression } : others);
      }
      void navigate({
        // The list query takes the same JSON text (entriesSearch.ts).
        search: (previous: Record<string, unknown>) => ({ ...previous, filter: filterSearchValue(next) }),
        hash: (current) => current ?? "",
        replace: options.replace,
      });
    },
    [navigate, storageKey],
  );

  useEffect(() => {
    if (!storageKey || search.filter !== undefined) return;
    const stored = readStored<StoredFilters>("filters")?.[storageKey];
    if (stored) setConditions(parseFilterSearch(stored), { replace: true });
  }, [storageKey]);

  return [conditions, setConditions] as const;
}
