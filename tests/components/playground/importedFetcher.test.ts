import { describe, expect, it, vi } from "vitest";
import { createMockEnvironment } from "relay-test-utils";
import { importedFetcher } from "../../../src/playground/importedFetcher";

describe("the imported project's playground fetcher", () => {
  it("sends the request through the platform and hands GraphiQL the live API's answer, or the refusal as an error", async () => {
    const environment = createMockEnvironment();
    const fetcher = importedFetcher(environment as unknown as Parameters<typeof importedFetcher>[0], "api_1") as (params: { query: string; variables?: Record<string, unknown>; operationName?: string | null }) => Promise<unknown>;
    const answer = fetcher({ query: "query Q($id: ID!) { getTodo(id: $id) { id } }", variables: { id: "t1" }, operationName: "Q" });
    const operation = await vi.waitFor(() => environment.mock.getMostRecentOperation());
    expect(operation.request.node.params.name).toBe("importedFetcherMutation");
    expect(operation.request.variables).toEqual({ apiId: "api_1", query: "query Q($id: ID!) { getTodo(id: $id) { id } }", variables: JSON.stringify({ id: "t1" }), operationName: "Q" });
    environment.mock.resolve(operation, { data: { forwardImportedRequest: JSON.stringify({ data: { getTodo: { id: "t1" } } }) } });
    expect(await answer).toEqual({ data: { getTodo: { id: "t1" } } });

    const refused = fetcher({ query: "subscription { onCreateTodo { id } }" });
    const second = await vi.waitFor(() => {
      const pending = environment.mock.getMostRecentOperation();
      expect(pending).not.toBe(operation);
      return pending;
    });
    expect(second.request.variables.variables).toBeNull();
    environment.mock.reject(second, new Error("Subscriptions of an imported project's live API cannot be run from the playground."));
    expect(await refused).toEqual({ errors: [{ message: expect.stringContaining("Subscriptions") }] });
  });
});
