import DataLoader from "dataloader";
import type { Db } from "../../db/database";
import type { ResponseBudget } from "../../graphqlKit/responseBudget";
import { entriesByIds, listEntriesOfParents, type EntryRow, type ListQuery, type ParentSlot } from "./store";

/**
 * Per request: entries by id and children pages by parent, batched per table, so resolving a
 * connection field on a list of N entries costs one statement, not N (no N+1). Every read is
 * charged to the request's response budget.
 */
export function createLoaders(db: Db, apiId: string, budget: ResponseBudget) {
  const byId = new Map<string, DataLoader<string, EntryRow | null>>();
  const children = new Map<string, DataLoader<string, EntryRow[]>>();
  return {
    entry(typeId: string) {
      let loader = byId.get(typeId);
      if (!loader) {
        loader = new DataLoader(async (ids) => {
          const read = await budget.read((maxBytes) => entriesByIds(db, apiId, typeId, ids, maxBytes));
          const rows = new Map(read.map((row) => [row.id, row]));
          return ids.map((id) => rows.get(id) ?? null);
        });
        byId.set(typeId, loader);
      }
      return loader;
    },
    /** Pages of children with the same list arguments; `key` tells argument sets apart. */
    children(query: ListQuery, slot: ParentSlot, key: string) {
      const name = `${query.typeId}\0${slot}\0${key}`;
      let loader = children.get(name);
      if (!loader) {
        loader = new DataLoader(async (parentIds) => {
          const pages = new Map<string, EntryRow[]>();
          for (const row of await budget.read((maxBytes) => listEntriesOfParents(db, { ...query, maxBytes }, slot, parentIds))) {
            const page = pages.get(row.for_parent!) ?? [];
            page.push(row);
            pages.set(row.for_parent!, page);
          }
          return parentIds.map((id) => pages.get(id) ?? []);
        });
        children.set(name, loader);
      }
      return loader;
    },
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
