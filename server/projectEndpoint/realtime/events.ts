import { setMaxListeners } from "node:events";
import { createPubSub } from "graphql-yoga";
import type { EntryRow } from "../entries/store";

export type EntryEvent = "create" | "update" | "delete";

/**
 * Entry changes for the per-table subscriptions (onCreate/onUpdate/onDelete + type name), in
 * this process. Published after the write's transaction commits, so nobody hears of a write
 * that was rolled back.
 */
export function createProjectEvents() {
  const pubsub = createPubSub<Record<string, [EntryRow]>>({ eventTarget: unlimitedTarget() as never });
  const imports = createPubSub<Record<string, [ImportedBatch]>>({ eventTarget: unlimitedTarget() as never });
  const deletions = createPubSub<Record<string, [DeletionProgress]>>({ eventTarget: unlimitedTarget() as never });
  const topic = (apiId: string, typeId: string, event: EntryEvent | "import" | "deletion") => `${apiId}\0${typeId}\0${event}`;
  return {
    publish(apiId: string, typeId: string, event: EntryEvent, rows: readonly EntryRow[]) {
      for (const row of rows) pubsub.publish(topic(apiId, typeId, event), row);
    },
    subscribe: (apiId: string, typeId: string, event: EntryEvent) => pubsub.subscribe(topic(apiId, typeId, event)),
    /** One message per committed batch of a CSV import: 100,000 row messages would swamp every open grid. */
    publishImported: (apiId: string, typeId: string, batch: ImportedBatch) => imports.publish(topic(apiId, typeId, "import"), batch),
    subscribeImported: (apiId: string, typeId: string) => imports.subscribe(topic(apiId, typeId, "import")),
    /** One message per committed chunk of a delete by filter, so the console can draw a real progress bar. */
    publishDeletion: (apiId: string, typeId: string, progress: DeletionProgress) => deletions.publish(topic(apiId, typeId, "deletion"), progress),
    subscribeDeletions: (apiId: string, typeId: string) => deletions.subscribe(topic(apiId, typeId, "deletion")),
  };
}

/** What a committed import batch tells the table's subscribers (onImportType). */
export interface ImportedBatch {
  importId: string;
  ofType: string;
  /** Entries this batch added. */
  rowsWritten: number;
  /** The import's totals after this batch. */
  rowsDone: number;
  rowsFailed: number;
  finished: boolean;
}

/** What a committed chunk of a delete by filter tells the table's subscribers (onDeleteTypesProgress). */
export interface DeletionProgress {
  deletionId: string;
  ofType: string;
  /** Entries deleted so far. */
  deleted: number;
  /** Entries that matched the filter when the deletion started. */
  total: number;
  finished: boolean;
}

export type ProjectEvents = ReturnType<typeof createProjectEvents>;

/**
 * Every open subscription to a table is a listener on its topic; Node warns of a leak past ten,
 * which eleven browser tabs on one table are not.
 */
function unlimitedTarget() {
  const target = new EventTarget();
  setMaxListeners(0, target);
  return target;
}
