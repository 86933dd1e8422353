import { createPubSub } from "graphql-yoga";
import type { EntryRow } from "./store";

export type EntryEvent = "create" | "update" | "delete";

/**
 * Entry changes for the per-table subscriptions (onCreate/onUpdate/onDelete + type name), in
 * this process. Published after the write's transaction commits, so nobody hears of a write
 * that was rolled back.
 */
export function createProjectEvents() {
  const pubsub = createPubSub<Record<string, [EntryRow]>>();
  const imports = createPubSub<Record<string, [ImportedBatch]>>();
  const topic = (apiId: string, typeId: string, event: EntryEvent | "import") => `${apiId}\0${typeId}\0${event}`;
  return {
    publish(apiId: string, typeId: string, event: EntryEvent, rows: readonly EntryRow[]) {
      for (const row of rows) pubsub.publish(topic(apiId, typeId, event), row);
    },
    subscribe: (apiId: string, typeId: string, event: EntryEvent) => pubsub.subscribe(topic(apiId, typeId, event)),
    /** One message per committed batch of a CSV import: 100,000 row messages would swamp every open grid. */
    publishImported: (apiId: string, typeId: string, batch: ImportedBatch) => imports.publish(topic(apiId, typeId, "import"), batch),
    subscribeImported: (apiId: string, typeId: string) => imports.subscribe(topic(apiId, typeId, "import")),
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

export type ProjectEvents = ReturnType<typeof createProjectEvents>;
