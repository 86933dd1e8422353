import { afterEach, describe, expect, it, vi } from "vitest";
import { createMockEnvironment } from "relay-test-utils";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../../src/router/chunkTimeout";
import { plainScreen } from "../../../src/router/lazyScreen";
import { routeQuery } from "../../../src/router/routeQuery";
import type { ProjectLayoutQuery } from "../../../src/__generated__/ProjectLayoutQuery.graphql";

/** What a stalled download looks like to the app: an import that never settles. */
const stalled = () => new Promise<never>(() => undefined);

/** The error `promise` failed with once the clock moved `ms` on; undefined while it is pending. */
async function failureAfter(promise: Promise<unknown>, ms: number) {
  let failure: unknown;
  promise.catch((error: unknown) => (failure = error));
  await vi.advanceTimersByTimeAsync(ms);
  return failure as { messageId?: string } | undefined;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a screen's code chunk that does not arrive (spec §8)", () => {
  it("gives up after 120 seconds, not before, and the screen then shows a localized error", async () => {
    vi.useFakeTimers();
    const screen = plainScreen(stalled);
    let settled = false;
    void screen.component.preload?.()?.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    // The route renders the screen, which throws the load's error into the route's errorComponent.
    const Screen = screen.component as unknown as (props: object) => unknown;
    expect(() => Screen({})).toThrow(expect.objectContaining({ messageId: "error_chunk_load_timeout" }));
  });

  it("fails a route's query whose compiled artifact does not arrive", async () => {
    vi.useFakeTimers();
    const environment = createMockEnvironment();
    const data = routeQuery<ProjectLayoutQuery>(stalled, "queryRef", () => ({ environment, release: () => undefined }));
    const loading = data.load({ apiId: "api_1" }, true);
    expect(await failureAfter(loading, CHUNK_LOAD_TIMEOUT_MS - 1)).toBeUndefined();
    expect(await failureAfter(loading, 1)).toMatchObject({ messageId: "error_chunk_load_timeout" });
  });

  it("keeps a chunk that arrives in time", async () => {
    vi.useFakeTimers();
    const screen = plainScreen(() => Promise.resolve({ default: () => null }));
    await screen.component.preload?.();
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS * 2);
    const Screen = screen.component as unknown as (props: object) => unknown;
    expect(() => Screen({})).not.toThrow();
  });
});
