// @vitest-environment node
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestPlatform, type TestPlatform } from "../harness";
import type { RoleEvent } from "../../../server/graphql/mappers";

/*
 * "After GlobalSignOut (and after a token expires) the user's open graphql-ws
 * subscriptions kept delivering. Close them within a second of sign-out or revocation, and
 * re-check expiry on each subscription event."
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let counter = 0;
async function subscribedOwner() {
  const owner = await t.signUp(`watched${counter++}@example.com`);
  const created = await t.graphql(
    `mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`,
    { input: { name: "Watched" } },
    owner.token,
  );
  const orgId = created.data.createOrg.org.id as string;
  let heard = false;
  const closed = new Promise<{ code: number; at: number }>((resolve) => {
    const client = createClient({
      url: `${t.url.replace("http", "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: owner.token },
      retryAttempts: 0,
      on: { closed: (event) => resolve({ code: (event as { code: number }).code, at: performance.now() }) },
    });
    client.subscribe(
      { query: `subscription ($orgId: ID!) { onRoleChangedInOrg(orgId: $orgId) { change } }`, variables: { orgId } },
      { next: () => void (heard = true), error: () => {}, complete: () => {} },
    );
  });
  // The subscription (and with it the watch on its sign-in) is in place once it hears an event:
  // publish one until it arrives, rather than guess how long the server takes.
  await vi.waitFor(
    () => {
      if (heard) return;
      // Only `change` is asked for, so the role itself can stay empty.
      t.platform.pubsub.publish("role:changed", orgId, { change: "UPDATED", orgId, role: {} as RoleEvent["role"] });
      throw new Error("not subscribed yet");
    },
    { timeout: 10_000, interval: 20 },
  );
  return { ...owner, orgId, closed };
}

describe("sessions end everywhere", () => {
  it("closes the user's open subscriptions within a second of GlobalSignOut", async () => {
    const owner = await subscribedOwner();
    const response = await fetch(`${t.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.GlobalSignOut" },
      body: JSON.stringify({ AccessToken: owner.token }),
    });
    expect(response.status).toBe(200);
    const signedOutAt = performance.now();
    const closed = await owner.closed;
    expect(closed.code).toBe(4401);
    expect(closed.at - signedOutAt).toBeLessThan(1500);
  });

  it("refuses a signed-out token on the very next request, though it was just verified", async () => {
    const owner = await t.signUp(`next-request${counter++}@example.com`);
    const viewer = `{ viewer { email } }`;
    expect((await t.graphql(viewer, {}, owner.token)).data).toEqual({ viewer: { email: owner.email } });
    const response = await fetch(`${t.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.GlobalSignOut" },
      body: JSON.stringify({ AccessToken: owner.token }),
    });
    expect(response.status).toBe(200);
    const after = await t.graphql(viewer, {}, owner.token);
    expect(after.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("closes a subscription whose token has expired", async () => {
    const owner = await subscribedOwner();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 60 * 60 * 1000 });
    expect((await owner.closed).code).toBe(4403);
  });
});
