import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Environment, RecordSource, Store, fetchQuery } from "relay-runtime";
import ProjectLayoutQuery from "../../../src/__generated__/ProjectLayoutQuery.graphql";
import { createNetwork } from "../../../src/relay/network";
import { clearProjectSignIns, projectSignIn, projectUserAuth, signInProjectUser, signOutProjectUser } from "../../../src/relay/projectSignIns";
import * as client from "../../../src/session/projectCognitoClient";

/*
 * Spec §4 'Project-level API admin sign-in … Signing out clears the token. If auth fails, an
 * authFailed flag stays set until re-authentication succeeds.' and §8 'for a user-pool project
 * the token is refreshed and the request retried once … A failed refresh also opens the modal.'
 * The Cognito library's wrapper stands in for the pool; the network layer is the real one.
 */
vi.mock("../../../src/session/projectCognitoClient", () => ({
  signInToProjectPool: vi.fn(),
  refreshProjectSession: vi.fn(),
}));

const API_ID = "api_1";
const POOL = { poolId: "eu-central-1_Abc123", clientId: "client", url: "/auth" };
const member = { token: async () => "member-token", refresh: vi.fn(async () => undefined), orgId: () => undefined, onSessionExpired: vi.fn() };
const session = (accessToken: string) => ({ user: {} as never, email: "customer@example.com", accessToken, expiresAt: Date.now() + 3_600_000 });

let statuses: number[] = [];
const sentTokens = () => vi.mocked(fetch).mock.calls.map(([, init]) => (init?.headers as Record<string, string>).authorization);
const load = () => {
  const environment = new Environment({ network: createNetwork(`/p/${API_ID}/graphql`, projectUserAuth(API_ID, member)), store: new Store(new RecordSource()) });
  return fetchQuery(environment, ProjectLayoutQuery, { apiId: API_ID }).toPromise().catch(() => null);
};

beforeEach(() => {
  statuses = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      const status = statuses.shift() ?? 200;
      const body = status === 401 ? { errors: [{ message: "Unauthorized", extensions: { code: "UNAUTHENTICATED" } }] } : { data: { api: null, viewer: null } };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  vi.mocked(client.signInToProjectPool).mockResolvedValue(session("user-token"));
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearProjectSignIns();
});

describe("a project user's sign-in in the network layer", () => {
  it("sends the project user's token while signed in and the member's again after sign-out", async () => {
    await load();
    await signInProjectUser(API_ID, POOL, "customer@example.com", "Customer12");
    await load();
    signOutProjectUser(API_ID);
    await load();
    expect(sentTokens()).toEqual(["member-token", "user-token", "member-token"]);
  });

  it("refreshes the token on Unauthorized and retries once", async () => {
    await signInProjectUser(API_ID, POOL, "customer@example.com", "Customer12");
    vi.mocked(client.refreshProjectSession).mockResolvedValue(session("fresh-token"));
    statuses = [401];
    await load();
    expect(sentTokens()).toEqual(["user-token", "fresh-token"]);
    expect(projectSignIn(API_ID)).toMatchObject({ authFailed: false, modalOpen: false });
  });

  it("opens the modal and keeps authFailed set when the refresh fails, until a sign-in succeeds", async () => {
    await signInProjectUser(API_ID, POOL, "customer@example.com", "Customer12");
    vi.mocked(client.refreshProjectSession).mockRejectedValue({ code: "NotAuthorizedException" });
    statuses = [401];
    await load();
    expect(sentTokens()).toEqual(["user-token"]);
    expect(projectSignIn(API_ID)).toMatchObject({ authFailed: true, modalOpen: true });
    expect(member.onSessionExpired).not.toHaveBeenCalled();

    await load();
    expect(projectSignIn(API_ID).authFailed).toBe(true);
    await signInProjectUser(API_ID, POOL, "customer@example.com", "Customer12");
    expect(projectSignIn(API_ID)).toMatchObject({ authFailed: false, modalOpen: false });
  });
});
