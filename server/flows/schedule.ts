import type { Db } from "../db/database";
import type { Limits } from "../limits/settings";
import { log } from "../log";
import { derivedOf } from "./derived";
import { startRun } from "./start";
import { schemaOfFlow, type FlowRow } from "./store";

/** How often each server looks for due schedules; a schedule fires at most this late. */
const TICK_MS = 5000;
/** Flows claimed per statement. */
const BATCH = 50;

/**
 * Fires the flows whose schedule is due (flows.next_scheduled_at), on any number of servers: a
 * due flow is claimed with SKIP LOCKED, its run started and its next time set in one
 * transaction, so each time fires once. A time missed while no server ran fires once, late.
 */
export function createFlowScheduler(deps: { db: Db; limits: Limits; kick: () => void; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;

  async function fireDue() {
    const at = now();
    // Most ticks find nothing due: a plain read first keeps them from taking a transaction (on
    // the embedded database, its only connection) every few seconds.
    const anyDue = await deps.db.selectFrom("flows").select("id").where("next_scheduled_at", "<=", at).limit(1).executeTakeFirst();
    if (!anyDue) return;
    const fired = await deps.db.transaction().execute(async (tx) => {
      const due = await tx
        .selectFrom("flows")
        .selectAll()
        .where("next_scheduled_at", "<=", at)
        .orderBy("next_scheduled_at")
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const flow of due as FlowRow[]) {
        const schema = schemaOfFlow(flow);
        const trigger = schema.triggers.find((t) => t.variant === "schedule");
        await startRun(tx, deps.limits, flow, { kind: "schedule", triggerId: trigger?.id ?? null, scheduledAt: flow.next_scheduled_at }, 0);
        await tx.updateTable("flows").set({ next_scheduled_at: derivedOf(schema, at).nextScheduledAt }).where("id", "=", flow.id).execute();
      }
      return due.length;
    });
    if (fired > 0) deps.kick();
  }

  const tick = () => {
    ticking ??= fireDue()
      .catch((error: unknown) => log.error("firing flow schedules failed:", error))
      .finally(() => (ticking = null));
    return ticking;
  };

  return {
    start() {
      timer = setInterval(tick, TICK_MS);
      timer.unref();
    },
    /** Fires what is due now (tests). */
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      await ticking;
    },
  };
}

