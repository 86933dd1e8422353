// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlowSchema } from "../../../src/domain/flows/types";
import { createFlowScheduler } from "../../../server/flows/schedule";
import { readLimits } from "../../../server/limits/settings";
import { GENEROUS_LIMITS } from "../limits";
import { liveProject, type LiveProject } from "../projectEndpoint/fixture";

/**
 * A scheduled flow on a test clock: schedulers that read an injected clock fire a due time once
 * even when two of them (as on two servers) look at the same moment, and a time missed while no
 * scheduler ran fires once, late, with the next time after the clock. The platform's own
 * scheduler reads the real clock, years before these times, so it never fires them.
 */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

const gql = (query: string, variables: Record<string, unknown> = {}) => p.t.graphql(query, variables, p.owner.token);
/** New Year, 09:00 in Berlin (08:00 UTC). */
const NEW_YEAR: FlowSchema = {
  triggers: [{ id: "yearly", name: "New Year", variant: "schedule", cron: "0 9 1 1 *", timeZone: "Europe/Berlin" }],
  steps: [{ id: "check", variant: "condition", left: "{{trigger.kind}}", operator: "equals", right: "schedule" }],
  startStep: "check",
};
const scheduledTimes = async (flowId: string): Promise<string[]> => {
  const runs = (await gql(`query ($id: ID!) { flowRunsByFlow(flowId: $id, limit: 50) { items { trigger } } }`, { id: flowId })).data.flowRunsByFlow.items;
  return runs.map((run: { trigger: string }) => JSON.parse(run.trigger).scheduledAt as string).sort();
};
const nextTime = async (flowId: string) => {
  const { next_scheduled_at: next } = await p.t.platform.db.selectFrom("flows").select("next_scheduled_at").where("id", "=", flowId).executeTakeFirstOrThrow();
  expect(next).not.toBeNull();
  return next!;
};

describe("a scheduled flow on a test clock", () => {
  it("fires each due time once across two schedulers, and a missed time once, late", async () => {
    const created = await gql(`mutation ($input: CreateFlowInput!) { createFlow(input: $input) { id } }`, { input: { apiId: p.apiId, name: "Happy New Year", schema: JSON.stringify(NEW_YEAR) } });
    expect(created.errors).toBeUndefined();
    const flowId = created.data.createFlow.id as string;
    const first = new Date(await nextTime(flowId));
    expect(first.toISOString()).toMatch(/-01-01T08:00:00.000Z$/);

    let clock = new Date(first.getTime() - 1000);
    const limits = readLimits(GENEROUS_LIMITS);
    const servers = [0, 1].map(() => createFlowScheduler({ db: p.t.platform.db, limits, kick: () => {}, now: () => clock }));
    const bothTick = () => Promise.all(servers.map((scheduler) => scheduler.tick()));

    await bothTick();
    expect(await scheduledTimes(flowId)).toEqual([]);

    clock = new Date(first.getTime() + 1000);
    await bothTick();
    await bothTick();
    expect(await scheduledTimes(flowId)).toEqual([first.toISOString()]);
    const second = new Date(await nextTime(flowId));
    expect(second.getUTCFullYear()).toBe(first.getUTCFullYear() + 1);

    // No scheduler ran for three years: the missed New Years fire once, with the one first due.
    clock = new Date(Date.UTC(first.getUTCFullYear() + 3, 5, 1));
    await bothTick();
    await bothTick();
    expect(await scheduledTimes(flowId)).toEqual([first.toISOString(), second.toISOString()]);
    expect(new Date(await nextTime(flowId)).toISOString()).toBe(`${first.getUTCFullYear() + 4}-01-01T08:00:00.000Z`);
    await Promise.all(servers.map((scheduler) => scheduler.stop()));
  });
});
