import type { Tx } from "../db/database";
import type { ProjectContext } from "../projectEndpoint/context";
import type { DataChange } from "../../src/domain/flows/types";
import { startRun } from "./start";
import { flowsWatching, schemaOfFlow } from "./store";

/**
 * Starts the runs of the flows watching this table for this change, in the write's own
 * transaction: a run exists exactly when the write does, and any server's job runner takes it.
 * A write a flow's step made starts runs one level deeper (flowDepth), so a flow that triggers
 * itself is stopped by flowChainDepth.
 */
export async function startDataTriggers(tx: Tx, ctx: ProjectContext, table: string, change: DataChange, entries: readonly Record<string, unknown>[]) {
  if (entries.length === 0 || (ctx.project.flowTables && !ctx.project.flowTables.includes(table))) return false;
  const flows = await flowsWatching(tx, ctx.project.apiId, table);
  let started = false;
  for (const flow of flows) {
    for (const trigger of schemaOfFlow(flow).triggers) {
      if (trigger.variant !== "data" || trigger.table !== table || !trigger.changes?.includes(change)) continue;
      for (const entry of entries) {
        const depth = ctx.project.flowDepth === undefined ? 0 : ctx.project.flowDepth + 1;
        await startRun(tx, ctx.config.limits, flow, { kind: "data", triggerId: trigger.id, table, change, entry }, depth);
        started = true;
      }
    }
  }
  return started;
}
