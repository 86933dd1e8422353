import { useCallback, useEffect } from "react";
import { useRouterState } from "@tanstack/react-router";
import type { ObjectType, SchemaModel } from "../domain/model";
import { readStored, writeStored } from "../storage";
import { wantedTableName } from "./selectedTableName";
import { useNavigateHere } from "../router/useNavigateHere";

/**
 * The selected table (spec §2 "Data explorer"): the URL hash holds its name; without a hash the
 * remembered last active table, else the first table. The choice is remembered for next time.
 */
export function useSelectedTable(model: SchemaModel) {
  const navigate = useNavigateHere();
  const hash = useRouterState({ select: (state) => state.location.hash });
  const byName = (name: string | undefined) => (name ? model.objectTypes.find((type) => type.name === name) : undefined);
  const selected: ObjectType | undefined = byName(wantedTableName(hash)) ?? byName(readStored<string>("active-table")) ?? model.objectTypes[0];

  useEffect(() => {
    if (selected) writeStored("active-table", selected.name);
  }, [selected?.name]);

  const select = useCallback(
    (name: string, options: { replace?: boolean } = {}) => {
      writeStored("active-table", name);
      // A filter and a sort name the fields of their own table; the next table brings its own (stored) ones.
      // The record editor closes with the table it was opened from.
      void navigate({
        hash: name,
        search: (previous: Record<string, unknown>) => ({ ...previous, filter: undefined, sort: undefined, record: undefined }),
        replace: options.replace,
      });
    },
    [navigate],
  );
  return [selected, select] as const;
}
