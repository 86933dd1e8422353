import { nextRuns } from "../../src/domain/flows/validate";
import type { FlowSchema } from "../../src/domain/flows/types";
import type { FlowDerived } from "./store";

/** The tables the schema's data triggers watch, and the first time one of its schedules fires after `now`. */
export function derivedOf(schema: FlowSchema, now = new Date()): FlowDerived {
  const dataTables = [...new Set(schema.triggers.filter((t) => t.variant === "data" && t.table).map((t) => t.table!))];
  let nextScheduledAt: Date | null = null;
  for (const trigger of schema.triggers) {
    if (trigger.variant !== "schedule" || !trigger.cron) continue;
    const [next] = nextRuns(trigger.cron, trigger.timeZone, 1, now);
    if (next && (!nextScheduledAt || next < nextScheduledAt)) nextScheduledAt = next;
  }
  return { dataTables, nextScheduledAt };
}
