import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchQuery } from "relay-runtime";
import EntriesPanelQuery from "../../../src/__generated__/EntriesPanelQuery.graphql";
import DataScreenQuery from "../../../src/__generated__/DataScreenQuery.graphql";
import { heldEnvironmentFor } from "../../../src/relay/queryEnvironment";
import { platformEnvironment, projectEnvironmentsOfSession } from "../../../src/relay/environment";
import { routeQuery } from "../../../src/router/routeQuery";
import type { EntriesPanelQuery as EntriesQuery } from "../../../src/__generated__/EntriesPanelQuery.graphql";
import type { DataScreenQuery as DataQuery } from "../../../src/__generated__/DataScreenQuery.graphql";

/*
 * The Relay environment follows the query's Relay project (relay.config.json), so a
 * screen cannot load a project-endpoint query into the platform's environment by mistake.
 */
const answered = () => vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ data: {} }), { status: 200 }));
const entries = { ofType: "Author", filter: null, sortField: null, sortOrder: "DESC" as const, count: 100 };

afterEach(() => {
  vi.unstubAllGlobals();
  projectEnvironmentsOfSession.clear();
});

describe("the environment a query runs in", () => {
  it("is the project's own for a query compiled against a project's endpoint, the platform's otherwise", () => {
    const project = heldEnvironmentFor(EntriesPanelQuery, { apiId: "api_1" });
    expect(project.environment).not.toBe(platformEnvironment());
    expect(project.environment).toBe(projectEnvironmentsOfSession.hold("api_1").environment);
    expect(heldEnvironmentFor(DataScreenQuery, { apiId: "api_1" }).environment).toBe(platformEnvironment());
  });

  it("refuses a project-endpoint query that names no project", () => {
    expect(() => heldEnvironmentFor(EntriesPanelQuery)).toThrow(/EntriesPanelQuery runs on a project's endpoint/);
  });

  it("a route loads a project query from the project's endpoint without being told, and a platform query from /graphql", async () => {
    const fetch = answered();
    vi.stubGlobal("fetch", fetch);
    const entriesRoute = routeQuery<EntriesQuery>(() => import("../../../src/__generated__/EntriesPanelQuery.graphql"), "entriesRef");
    const screenRoute = routeQuery<DataQuery>(() => import("../../../src/__generated__/DataScreenQuery.graphql"));
    const { queryRef: entriesRef } = await entriesRoute.load(entries, { preload: false, scope: { apiId: "api_1" } });
    const { queryRef: screenRef } = await screenRoute.load({ apiId: "api_1", withTemplates: false, lang: "EN" }, false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const byOperation = new Map(fetch.mock.calls.map(([url, init]) => [JSON.parse(String(init?.body)).operationName, url]));
    expect(byOperation.get("EntriesPanelQuery")).toBe("/p/api_1/graphql");
    expect(byOperation.get("DataScreenQuery")).toBe("/graphql");
    entriesRef.dispose();
    screenRef.dispose();
  });

  it("the platform's network refuses a project-endpoint query run in its environment, before sending it", async () => {
    const fetch = answered();
    vi.stubGlobal("fetch", fetch);
    await expect(fetchQuery(platformEnvironment(), EntriesPanelQuery, entries).toPromise()).rejects.toThrow(/EntriesPanelQuery belongs to the project endpoint/);
    expect(fetch).not.toHaveBeenCalled();
  });
});
