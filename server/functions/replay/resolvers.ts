import { refuse } from "../../graphqlKit/errors";
import { requireAction } from "../../projectEndpoint/access/access";
import type { ProjectContext } from "../../projectEndpoint/context";
import { functionByKey } from "../../projectEndpoint/files/store";
import type { InvocationOutcome } from "../sandbox/pool";
import { triggerEventsOf, type TriggerEventRow } from "./events";

/** A live output or a draft's, as compared: how it ended and what it answered. */
const outcomeText = (status: string, output: string | null | undefined, error: string | null | undefined) => `${status}\n${output ?? ""}\n${error ?? ""}`;

const toReplayed = (limits: { cpuMs: number; memoryBytes: number }) => ({ event, outcome }: { event: TriggerEventRow; outcome: InvocationOutcome }) => ({
  id: event.id,
  recordedAt: event.created_at,
  trigger: event.trigger_name,
  source: `${event.table_name}:${event.step}:${event.type}`,
  event: event.event,
  liveStatus: event.status,
  liveOutput: event.output,
  liveError: event.error,
  draftStatus: outcome.status,
  draftOutput: outcome.resultJson ?? null,
  draftError: outcome.error ?? null,
  cpuMs: outcome.cpuMs,
  memoryBytes: outcome.memoryBytes,
  cpuLimitMs: limits.cpuMs,
  memoryLimitBytes: limits.memoryBytes,
  changed: outcomeText(event.status, event.output, event.error) !== outcomeText(outcome.status, outcome.resultJson, outcome.error),
});

/**
 * replayCloudFunction: a draft of a function (its code, not uploaded, so nothing goes live) run
 * against the trigger invocations kept for it (./events.ts), each beside what the live version
 * answered then. Whoever may upload the function may replay it.
 */
export async function replayCloudFunction(ctx: ProjectContext, input: { key: string; body: Buffer }) {
  requireAction(ctx.project.caller, "create");
  const fn = await functionByKey(ctx.db, ctx.project.apiId, input.key);
  if (!fn) throw refuse("NOT_FOUND", "error_function_not_found", "This project has no cloud function of this name.", { key: input.key });
  if (fn.runtime !== "nodejs18.x") {
    throw refuse("BAD_USER_INPUT", "error_function_replay_runtime", "Only JavaScript functions can be replayed.", { runtime: fn.runtime });
  }
  const events = await triggerEventsOf(ctx.db, ctx.project.apiId, fn.key, ctx.config.limits.triggerReplayEvents);
  const results = await ctx.project.functions.replay(ctx, fn, input.body.toString("utf8"), events);
  return results.map(toReplayed(ctx.project.functions.limits()));
}
