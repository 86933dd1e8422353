import { afterEach, describe, expect, it, vi } from "vitest";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { FIRST_PAGE_WAIT_MS, firstPageLoaded, whileFirstPage } from "../../../src/router/firstPage";
import { routeQuery } from "../../../src/router/routeQuery";
import type { ProjectLayoutQuery } from "../../../src/__generated__/ProjectLayoutQuery.graphql";

// The module remembers whether the first page has loaded: the first-page cases run first, in order.

/** Whether `promise` has settled after the pending microtasks ran. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

const held = (environment: ReturnType<typeof createMockEnvironment>) => Promise.resolve({ environment, release: () => undefined });

afterEach(() => {
  vi.useRealTimers();
});

describe("the first page after a load", () => {
  it("waits for the work the page needs, and does not wait on its failure", async () => {
    let finish!: () => void;
    const waiting = whileFirstPage(() => new Promise<void>((resolve) => (finish = resolve)))!;
    expect(await settled(waiting)).toBe(false);
    finish();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(whileFirstPage(() => Promise.reject(new Error("chunk failed")))!)).toBe(true);
  });

  it("shows the page after FIRST_PAGE_WAIT_MS even when an answer never comes", async () => {
    vi.useFakeTimers();
    let shown = false;
    void whileFirstPage(() => new Promise(() => undefined))!.then(() => (shown = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1);
    expect(shown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toBe(true);
  });

  it("has a route's loader resolve only once its query has answered, so the screen renders without suspending", async () => {
    const environment = createMockEnvironment();
    const data = routeQuery<ProjectLayoutQuery>(() => import("../../../src/__generated__/ProjectLayoutQuery.graphql"), "queryRef", () => held(environment));
    const loading = data.load({ apiId: "api-1" }, false);
    await vi.waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    expect(await settled(loading)).toBe(false);
    environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, { Api: () => ({ id: "api-1", name: "Shop" }) }));
    const { queryRef } = await loading;
    expect(environment.getStore().getSource().get("api-1")).toMatchObject({ name: "Shop" });
    queryRef.dispose();
  });

  it("does not hold a hover's preload", async () => {
    const environment = createMockEnvironment();
    const data = routeQuery<ProjectLayoutQuery>(() => import("../../../src/__generated__/ProjectLayoutQuery.graphql"), "queryRef", () => held(environment));
    const { queryRef } = await data.load({ apiId: "api-2" }, true);
    expect(environment.mock.getAllOperations()).toHaveLength(1);
    queryRef.dispose();
  });
});

describe("later navigations", () => {
  it("render as they fetch: the loader hands over the query at once", async () => {
    firstPageLoaded();
    const work = vi.fn(() => new Promise(() => undefined));
    expect(whileFirstPage(work)).toBeUndefined();
    expect(work).not.toHaveBeenCalled();
    const environment = createMockEnvironment();
    const data = routeQuery<ProjectLayoutQuery>(() => import("../../../src/__generated__/ProjectLayoutQuery.graphql"), "queryRef", () => held(environment));
    const { queryRef } = await data.load({ apiId: "api-3" }, false);
    expect(environment.mock.getAllOperations()).toHaveLength(1);
    expect(environment.getStore().getSource().get("api-3")).toBeUndefined();
    queryRef.dispose();
  });
});
