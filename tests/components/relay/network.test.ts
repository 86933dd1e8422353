import { afterEach, describe, expect, it, vi } from "vitest";
import { Environment, RecordSource, Store, fetchQuery, commitMutation } from "relay-runtime";
import ProjectLayoutQuery, { type ProjectLayoutQuery as Query } from "../../../src/__generated__/ProjectLayoutQuery.graphql";
import useUpdateOrgMutation from "../../../src/__generated__/useUpdateOrgMutation.graphql";
import { createNetwork } from "../../../src/relay/network";
import { ApiError } from "../../../src/relay/errors";

const auth = { token: async () => "token", refresh: async () => undefined, orgId: () => undefined, onSessionExpired: vi.fn() };
const environmentAnswering = (body: unknown, status = 200) => {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status })));
  return new Environment({ network: createNetwork("/graphql", auth), store: new Store(new RecordSource()) });
};
const forbidden = { message: "You are not allowed to do this.", extensions: { code: "FORBIDDEN", messageId: "error_forbidden" } };

afterEach(() => vi.unstubAllGlobals());

describe("the network layer (spec §8 call handling)", () => {
  it("passes a query's data on with its errors, so what resolved is rendered", async () => {
    const environment = environmentAnswering({ data: { api: null, viewer: { id: "usr_1", isSuperuser: false, featureFlags: [] } }, errors: [forbidden] });
    const data = await fetchQuery<Query>(environment, ProjectLayoutQuery, { apiId: "api_1" }).toPromise();
    expect(data?.viewer?.isSuperuser).toBe(false);
  });

  it("throws the first error when a query's answer has no data", async () => {
    const environment = environmentAnswering({ data: null, errors: [forbidden] });
    await expect(fetchQuery(environment, ProjectLayoutQuery, { apiId: "api_1" }).toPromise()).rejects.toMatchObject({
      message: "You are not allowed to do this.",
      messageId: "error_forbidden",
      code: "FORBIDDEN",
    });
  });

  it("keeps a refusal's values (sent beside code and messageId) for its localized message", async () => {
    const refused = { message: "age must be a number.", extensions: { code: "BAD_USER_INPUT", messageId: "error_value_float", field: "age", max: 3 } };
    const environment = environmentAnswering({ data: null, errors: [refused] });
    await expect(fetchQuery(environment, ProjectLayoutQuery, { apiId: "api_1" }).toPromise()).rejects.toMatchObject({
      messageId: "error_value_float",
      values: { field: "age", max: "3" },
    });
  });

  it("answers a non-OK status without a GraphQL answer with 'API request failed'", async () => {
    const environment = environmentAnswering({}, 502);
    await expect(fetchQuery(environment, ProjectLayoutQuery, { apiId: "api_1" }).toPromise()).rejects.toMatchObject({
      messageId: "error_api_request_failed",
    });
  });

  it("sends a compiled operation's persisted id instead of its text", async () => {
    const environment = environmentAnswering({ data: { api: null, viewer: { id: "usr_1", isSuperuser: false, featureFlags: [] } } });
    await fetchQuery<Query>(environment, ProjectLayoutQuery, { apiId: "api_1" }).toPromise();
    const [, init] = vi.mocked(fetch).mock.calls[0];
    const body = JSON.parse(String(init?.body));
    expect(body.query).toBeUndefined();
    expect(body.extensions.persistedQuery).toEqual({ version: 1, sha256Hash: ProjectLayoutQuery.params.id });
    expect(body.variables).toEqual({ apiId: "api_1" });
  });

  it("refuses a mutation with its first error, even when part of the data came back", async () => {
    const environment = environmentAnswering({ data: { updateOrg: null }, errors: [forbidden] });
    const error = await new Promise((resolve) =>
      commitMutation(environment, {
        mutation: useUpdateOrgMutation,
        variables: { input: { id: "org_1", name: "Acme" } },
        onCompleted: () => resolve(null),
        onError: resolve,
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("FORBIDDEN");
  });
});
