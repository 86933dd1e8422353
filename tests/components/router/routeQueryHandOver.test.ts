import { describe, expect, it } from "vitest";
import { createMockEnvironment } from "relay-test-utils";
import { firstPageLoaded } from "../../../src/router/firstPage";
import { routeQuery } from "../../../src/router/routeQuery";
import type { EntriesPanelQuery } from "../../../src/__generated__/EntriesPanelQuery.graphql";

/*
 * The data route owns the grid's query: a new sort or filter in the URL is a new
 * match whose loader loads the list, and the previous list's reference is disposed; a search
 * change that leaves the list as it is (the templates modal) hands the same reference on.
 */
const environment = createMockEnvironment();
const list = () => routeQuery<EntriesPanelQuery>(() => import("../../../src/__generated__/EntriesPanelQuery.graphql"), "entriesRef", () => ({ environment, release: () => undefined }));
const byDate = { ofType: "Author", filter: null, sortField: null, sortOrder: "DESC" as const, count: 100 };
const byName = { ...byDate, sortField: "name", sortOrder: "ASC" as const };
const match = (ref: unknown) => ({ loaderData: { entriesRef: ref } });

describe("a route's query across its matches", () => {
  firstPageLoaded();

  it("loads the next sort's list and disposes the previous one", async () => {
    const entries = list();
    const first = await entries.load(byDate, { preload: false, cause: "enter", keep: true });
    entries.lifecycle.onEnter(match(first.queryRef));
    const sorted = await entries.load(byName, { preload: false, cause: "enter", keep: true });
    entries.lifecycle.onLeave(match(first.queryRef));
    entries.lifecycle.onEnter(match(sorted.queryRef));
    expect(sorted.queryRef).not.toBe(first.queryRef);
    expect(sorted.queryRef.variables).toEqual(byName);
    expect(first.queryRef.isDisposed).toBe(true);
    expect(sorted.queryRef.isDisposed).toBe(false);
  });

  it("hands an unchanged list to the next match, and disposes it when the last match holding it leaves", async () => {
    const entries = list();
    const shown = await entries.load(byDate, { preload: false, cause: "enter", keep: true });
    entries.lifecycle.onEnter(match(shown.queryRef));
    const next = await entries.load(byDate, { preload: false, cause: "enter", keep: true });
    expect(next.queryRef).toBe(shown.queryRef);
    entries.lifecycle.onLeave(match(shown.queryRef));
    entries.lifecycle.onEnter(match(next.queryRef));
    expect(next.queryRef.isDisposed).toBe(false);
    entries.lifecycle.onLeave(match(next.queryRef));
    expect(next.queryRef.isDisposed).toBe(true);
  });

  it("loads afresh when the shown match reloads (a retry), disposing what it replaces", async () => {
    const entries = list();
    const shown = await entries.load(byDate, { preload: false, cause: "enter", keep: true });
    entries.lifecycle.onEnter(match(shown.queryRef));
    const retried = await entries.load(byDate, { preload: false, cause: "stay", keep: false });
    entries.lifecycle.onStay(match(retried.queryRef));
    expect(retried.queryRef).not.toBe(shown.queryRef);
    expect(shown.queryRef.isDisposed).toBe(true);
  });
});
