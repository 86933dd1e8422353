import type { Resolver, ResolverType } from "../../src/domain/model";
import { refuse } from "../graphqlKit/errors";
import type { ProjectContext } from "../projectEndpoint/context";
import { functionByKey } from "../projectEndpoint/files/store";
import type { TablePlan } from "../projectEndpoint/schema/plan";
import { entryValues } from "../projectEndpoint/entries/entries";
import { recordTriggerEvent } from "./replay/events";
import { passwordFieldNames, redactPasswords } from "./replay/redact";
import type { EntryRow } from "../projectEndpoint/entries/store";

/**
 * A table's triggers (spec §3 Resolver) on its project endpoint operations. They come from the
 * live version's model, so a changed trigger takes effect on republish (§4). A trigger names its
 * cloud function by the function's key in `archive` (and may name the export in `handler`).
 * A before trigger gets the operation's input and may return another one, or throw to refuse the
 * operation (nothing is written); an after trigger gets the result and may return another one.
 * A failing or slow trigger fails only the request that ran it.
 */
type Step = "before" | "after";

const triggersOf = (table: TablePlan, step: Step, type: ResolverType): Resolver[] =>
  table.type.resolvers.filter((resolver) => resolver.step === step && resolver.types.includes(type) && !!resolver.archive?.trim());

/** Whether any trigger of this table runs on `type` (a list with one is executed field by field). */
export const hasTriggers = (table: TablePlan, type: ResolverType) =>
  triggersOf(table, "before", type).length > 0 || triggersOf(table, "after", type).length > 0;

/** Writes a trigger's own context.graphql calls make run no triggers: no trigger can loop on itself. */
const runsTriggers = (ctx: ProjectContext) => ctx.project.invokedBy !== "trigger";

async function runOne(ctx: ProjectContext, table: TablePlan, trigger: Resolver, step: Step, type: ResolverType, event: Record<string, unknown>) {
  const fn = await functionByKey(ctx.db, ctx.project.apiId, trigger.archive!.trim());
  if (!fn) {
    throw refuse("UNAVAILABLE", "error_trigger_function_missing", `The ${step} trigger ${trigger.name} names the cloud function ${trigger.archive}, which this project does not have.`, { trigger: trigger.name });
  }
  const source = { kind: "trigger" as const, name: trigger.name, table: table.type.name, step, type, handler: trigger.handler };
  const fullEvent = { ...event, step, type, table: table.type.name, trigger: trigger.name };
  const outcome = await ctx.project.functions.invoke(ctx, fn, fullEvent, source);
  if (outcome.status !== "busy") {
    // Kept (passwords redacted) so a changed version of the function can be replayed against it.
    // Its answer too: a before trigger hands the input back, password and all.
    const passwords = passwordFieldNames(table.type);
    const eventJson = JSON.stringify(redactPasswords(fullEvent, passwords));
    const kept = outcome.resultJson === undefined ? outcome : { ...outcome, resultJson: JSON.stringify(redactPasswords(JSON.parse(outcome.resultJson), passwords)) };
    await recordTriggerEvent(ctx.db, ctx.project.apiId, { table: table.type.name, trigger: trigger.name, functionKey: fn.key, handler: trigger.handler ?? null, step, type, eventJson }, kept, ctx.config.limits.triggerReplayEvents);
  }
  if (outcome.status === "error") {
    // What the trigger threw is its answer to the caller: the message as written.
    const message = (outcome.error ?? "").replace(/^Error: /, "");
    // `reason` carries it into the localized text, which otherwise could not show it.
    throw refuse("BAD_USER_INPUT", "error_trigger_refused", message, { trigger: trigger.name, reason: message });
  }
  if (outcome.status !== "ok") {
    throw refuse("UNAVAILABLE", "error_trigger_failed", `The ${step} trigger ${trigger.name} failed: ${outcome.error}`, { trigger: trigger.name, status: outcome.status });
  }
  const returned: unknown = JSON.parse(outcome.resultJson ?? "null");
  return returned;
}

/** The input the operation goes on with: each before trigger in order may replace it (null keeps it). */
export async function beforeTriggers<T>(ctx: ProjectContext, table: TablePlan, type: ResolverType, input: T): Promise<T> {
  if (!runsTriggers(ctx)) return input;
  let current = input;
  for (const trigger of triggersOf(table, "before", type)) {
    const returned = await runOne(ctx, table, trigger, "before", type, { input: current });
    if (returned !== null && returned !== undefined) current = returned as T;
  }
  return current;
}

/** The result the caller gets: each after trigger in order may replace its plain JSON (null keeps it). */
export async function afterTriggers(ctx: ProjectContext, table: TablePlan, type: ResolverType, input: unknown, result: unknown): Promise<unknown | undefined> {
  if (!runsTriggers(ctx)) return undefined;
  let current: unknown = undefined;
  for (const trigger of triggersOf(table, "after", type)) {
    const returned = await runOne(ctx, table, trigger, "after", type, { input, result: current ?? result });
    if (returned !== null && returned !== undefined) current = returned;
  }
  return current;
}

/**
 * A write of the generic Type model (the console's data explorer) between the table's before and
 * after triggers, so an entry added in the console goes through the same rules as one added by
 * an app. What an after trigger returns is not laid over the answer: the console shows what is
 * stored. `single` hands one entry to the triggers, not a list of one.
 */
export async function triggeredWrite<I>(ctx: ProjectContext, table: TablePlan, type: ResolverType, input: I, write: (input: I) => Promise<EntryRow[]>, single: boolean): Promise<EntryRow[]> {
  if (!hasTriggers(table, type)) return write(input);
  const changed = await beforeTriggers(ctx, table, type, input);
  const rows = await write(changed);
  const entries = rows.map((row) => ({ id: row.id, createdAt: row.created_at, updatedAt: row.updated_at, owner: row.owner, ...entryValues(row, table) }));
  await afterTriggers(ctx, table, type, JSON.parse(JSON.stringify(changed ?? null)), JSON.parse(JSON.stringify(single ? entries[0] ?? null : entries)));
  return rows;
}
