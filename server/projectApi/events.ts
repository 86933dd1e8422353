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
  const topic = (apiId: string, typeId: string, event: EntryEvent) => `${apiId}\0${typeId}\0${event}`;
  return {
    publish(apiId: string, typeId: string, event: EntryEvent, rows: readonly EntryRow[]) {
      for (const row of rows) pubsub.publish(topic(apiId, typeId, event), row);
    },
    subscribe: (apiId: string, typeId: string, event: EntryEvent) => pubsub.subscribe(topic(apiId, typeId, event)),
  };
}

export type ProjectEvents = ReturnType<typeof createProjectEvents>;
