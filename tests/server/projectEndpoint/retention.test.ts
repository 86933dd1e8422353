// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropExpiredActivities } from "../../../server/projectEndpoint/builtIns/retention";
import { liveProject, type LiveProject } from "./fixture";

/** Spec §9: 'retentionInDays is 14 with the pro bundle, else 1' — activities are kept that long. */
let p: LiveProject;
beforeAll(async () => {
  p = await liveProject();
}, 60_000);
afterAll(() => p?.t.close());

const CREATE = `mutation ($ofType: String!, $fields: String) { createType(ofType: $ofType, fields: $fields) { id } }`;
const ACTIVITIES = `{ listActivity(limit: 50) { items { recordId eventName } } }`;

async function createAuthor(name: string): Promise<string> {
  const created = await p.call(CREATE, { ofType: "Author", fields: JSON.stringify({ name }) });
  expect(created.errors).toBeUndefined();
  return created.data.createType.id;
}
const listed = async () => ((await p.call(ACTIVITIES)).data.listActivity.items as { recordId: string }[]).map((item) => item.recordId);
const ageActivity = (recordId: string, days: number) =>
  sql`update project_activities set created_at = now() - make_interval(days => ${days}) where record_id = ${recordId}`.execute(p.t.platform.db);
const setRetention = (days: number) => p.t.platform.db.updateTable("apis").set({ retention_in_days: days }).where("id", "=", p.apiId).execute();

describe("activity retention", () => {
  it("lists only activities within the project's retention, and the hourly sweep deletes the rest", async () => {
    const fresh = await createAuthor("Fresh");
    const weekOld = await createAuthor("Week old");
    const monthOld = await createAuthor("Month old");
    await ageActivity(weekOld, 7);
    await ageActivity(monthOld, 30);

    await setRetention(1);
    expect(await listed()).toEqual([fresh]);
    await setRetention(14);
    expect(await listed()).toEqual([fresh, weekOld]);

    expect(await dropExpiredActivities(p.t.platform.db)).toBe(1);
    await setRetention(1);
    expect(await dropExpiredActivities(p.t.platform.db)).toBe(1);
    await setRetention(14);
    expect(await listed()).toEqual([fresh]);
  });
});
