import { afterEach, describe, expect, it, vi } from "vitest";
import { Environment, Network, RecordSource, Store, fetchQuery } from "relay-runtime";
import FilesPanelQuery from "../../../src/__generated__/FilesPanelQuery.graphql";
import { createProjectEnvironment, projectEndpoint, projectEnvironments } from "../../../src/relay/projectEnvironments";

const plainEnvironment = () =>
  new Environment({ network: Network.create(() => Promise.resolve({ data: {} })), store: new Store(new RecordSource()) });

afterEach(() => vi.unstubAllGlobals());

describe("a project's own Relay environment", () => {
  it("is created on first use, shared while routes hold it, and released when the last lets go", () => {
    const create = vi.fn(plainEnvironment);
    const projects = projectEnvironments(create);
    const layout = projects.hold("api_1");
    const screen = projects.hold("api_1");
    expect(screen.environment).toBe(layout.environment);
    expect(create).toHaveBeenCalledTimes(1);
    layout.release();
    layout.release();
    expect(projects.held()).toEqual(["api_1"]);
    screen.release();
    expect(projects.held()).toEqual([]);
    expect(projects.hold("api_1").environment).not.toBe(layout.environment);
  });

  it("keeps each project's records apart from another project's", () => {
    const projects = projectEnvironments(plainEnvironment);
    expect(projects.hold("api_1").environment).not.toBe(projects.hold("api_2").environment);
  });

  it("sends its queries to the project's endpoint, not the platform's", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { listFiles: { edges: [], pageInfo: { endCursor: null, hasNextPage: false } } } }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const environment = createProjectEnvironment("api_1", {
      token: async () => "token",
      refresh: async () => undefined,
      orgId: () => undefined,
      onSessionExpired: () => undefined,
    });
    await fetchQuery(environment, FilesPanelQuery, { count: 1 }).toPromise().catch(() => undefined);
    expect(fetch).toHaveBeenCalledWith(projectEndpoint("api_1"), expect.anything());
    expect(projectEndpoint("api_1")).toBe("/p/api_1/graphql");
  });
});
