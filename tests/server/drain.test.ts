// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Plugin } from "graphql-yoga";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import type { Context } from "../../server/graphqlKit/context";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";

/*
 * A server told to stop (SIGTERM, a rolling restart) drains: the load balancer's /readyz says
 * 503 from then on, a request in flight still gets its answer, and open subscriptions close
 * with 1001 (going away), which tells clients to reconnect — to another server.
 */
let releaseSlow: () => void = () => {};
let slowStarted: () => void = () => {};
const started = new Promise<void>((resolve) => (slowStarted = resolve));
const gate = new Promise<void>((resolve) => (releaseSlow = resolve));
/** Holds the operation named Slow until the test lets it go: a request in flight. */
const holdSlow: Plugin<Context> = {
  async onExecute({ args }) {
    const [operation] = args.document.definitions as readonly { name?: { value: string } }[];
    if (operation?.name?.value !== "Slow") return;
    slowStarted();
    await gate;
  },
};

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({}, { graphqlPlugins: [holdSlow] });
});
afterAll(async () => {
  releaseSlow();
  await t?.close();
});

describe("a stopping server", () => {
  it("answers /readyz 200 while serving", async () => {
    const response = await fetch(`${t.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("finishes the request in flight and closes subscriptions with 1001", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
    const orgId = org.data.createOrg.org.id;
    const client = createClient({ url: `${t.url.replace("http", "ws")}/graphql`, webSocketImpl: WebSocket, connectionParams: { Authorization: owner.token }, retryAttempts: 0 });
    const connected = new Promise<void>((resolve) => client.on("connected", () => resolve()));
    const closedWith = new Promise<number>((resolve) => client.on("closed", (event) => resolve((event as { code: number }).code)));
    client.subscribe({ query: `subscription ($orgId: ID!) { onRoleChangedInOrg(orgId: $orgId) { change } }`, variables: { orgId } }, { next: () => {}, error: () => {}, complete: () => {} });
    await connected;

    const inFlight = t.graphql(`query Slow { viewer { email } }`, {}, owner.token);
    await started;
    const stopped = t.platform.close();
    expect(await closedWith).toBe(1001);
    // New connections are refused while the one in flight is still being answered.
    await expect(fetch(`${t.url}/readyz`)).rejects.toThrow();
    releaseSlow();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.data.viewer.email).toBe(owner.email);
    await stopped;
    await client.dispose();
  });
});
