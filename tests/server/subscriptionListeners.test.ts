// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, untilListening, type TestPlatform } from "./harness";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const CREATE_ORG = `mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } role { id type userEmail orgId } } }`;
const ROLE_CHANGES = `subscription ($orgId: ID!) { onRoleChangedInOrg(orgId: $orgId) { change role { id userEmail } } }`;

describe("a closed subscription gives its listener back at once", () => {
  it("role changes: console tabs that close while the workspace is quiet leave no listener behind", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const { data } = await t.graphql(CREATE_ORG, { input: { name: "Quiet" } }, owner.token);
    const orgId: string = data.createOrg.org.id;
    const role = data.createOrg.role;
    const topic = `role:changed:${orgId}`;
    const tabs = Array.from({ length: 3 }, () => t.subscribe(owner.token, ROLE_CHANGES, { orgId }));
    await untilListening(
      async (probe) => t.platform.pubsub.publish("role:changed", orgId, { orgId, change: "UPDATED", role: { ...role, userEmail: probe } }),
      ...tabs,
    );
    expect(t.platform.pubsub.listenerCount(topic)).toBe(3);
    // The tabs close; no role changes after that, as in a quiet workspace.
    await Promise.all(tabs.map((tab) => tab.close()));
    await expect.poll(() => t.platform.pubsub.listenerCount(topic), { timeout: 10_000 }).toBe(0);
  });
});
