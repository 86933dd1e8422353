// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { createPlatformPubSub } from "../../../server/pubsub";
import { createProjectSocketWatch } from "../../../server/projectEndpoint/realtime/socketWatch";

/*
 * The project socket watch's edges the HTTP attacks (socketRevocation.test.ts) cannot reach in
 * reasonable time: a revocation while the credential was being checked, expiries beyond what one
 * timer can wait, a key's expiry moved, a member's role changed.
 */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    readyState: WebSocket.OPEN as number,
    closedWith: null as number | null,
    close(code: number) {
      socket.closedWith = code;
      socket.readyState = WebSocket.CLOSING;
      socket.emit("close");
    },
  });
  return socket;
}
const asWs = (socket: ReturnType<typeof fakeSocket>) => socket as unknown as WebSocket;
const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.useRealTimers());

describe("project socket watch", () => {
  it("closes a socket whose key was deleted while its credential was being checked", async () => {
    const pubsub = createPlatformPubSub();
    const watch = createProjectSocketWatch(pubsub);
    const since = watch.mark();
    pubsub.publish("credential:changed", { kind: "apiKeysDeleted", apiKeyIds: ["k1"] });
    await tick();
    const socket = fakeSocket();
    watch.watch(asWs(socket), { apiKeyId: "k1", expiresAt: null }, since);
    expect(socket.closedWith).toBe(4401);
    const other = fakeSocket();
    watch.watch(asWs(other), { apiKeyId: "k2", expiresAt: null }, since);
    expect(other.closedWith).toBeNull();
    watch.stop();
  });

  it("waits for an expiry months away instead of closing at once, and follows a key's new expiry", async () => {
    vi.useFakeTimers({ now: 0 });
    const pubsub = createPlatformPubSub();
    const watch = createProjectSocketWatch(pubsub);
    const day = 86_400_000;
    const socket = fakeSocket();
    watch.watch(asWs(socket), { apiKeyId: "k1", expiresAt: 300 * day }, watch.mark());
    await vi.advanceTimersByTimeAsync(30 * day);
    expect(socket.closedWith).toBeNull();
    pubsub.publish("credential:changed", { kind: "apiKeyExpiry", apiKeyId: "k1", expiresAt: 31 * day });
    await vi.advanceTimersByTimeAsync(day - 1);
    expect(socket.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.closedWith).toBe(4403);
    expect(watch.size()).toBe(0);
    watch.stop();
  });

  it("closes a member's socket when their role in the workspace changes, not another member's", async () => {
    const pubsub = createPlatformPubSub();
    const watch = createProjectSocketWatch(pubsub);
    const ada = fakeSocket();
    const bob = fakeSocket();
    watch.watch(asWs(ada), { sub: "a", member: { orgId: "o1", email: "ada@example.com", roleType: "ADMIN" }, expiresAt: null }, watch.mark());
    watch.watch(asWs(bob), { sub: "b", member: { orgId: "o1", email: "bob@example.com", roleType: "ADMIN" }, expiresAt: null }, watch.mark());
    const role = (email: string, type: string) => ({ id: "r", type, userEmail: email, orgId: "o1" }) as never;
    pubsub.publish("role:changed", "o1", { change: "UPDATED", orgId: "o1", role: role("ada@example.com", "ADMIN") });
    await tick();
    expect(ada.closedWith).toBeNull();
    pubsub.publish("role:changed", "o1", { change: "UPDATED", orgId: "o1", role: role("ada@example.com", "SUPPORT") });
    await tick();
    expect(ada.closedWith).toBe(4403);
    expect(bob.closedWith).toBeNull();
    expect(watch.size()).toBe(1);
    watch.stop();
  });
});
