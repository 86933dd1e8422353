// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { Amplify } from "aws-amplify";
import { generateClient } from "aws-amplify/api";
import { confirmSignUp, fetchAuthSession, signIn, signUp } from "aws-amplify/auth";
import { decodeJWT } from "@aws-amplify/core";
import { startTestPlatform, TEST_PASSWORD, uniqueEmail, type TestPlatform } from "../harness";
import { GENEROUS_LIMITS } from "../limits";
import { publishableModel } from "../publishing/models";
import { publishUserPoolProject, type PoolProject } from "./poolProject";

/**
 * An Amplify 6 app, unchanged, against a project published with user-pool auth: Amplify Auth
 * signs a project user up, confirms and signs in against the project's own pool (its endpoint
 * is the only thing pointed at Baukasten), and the API client calls with `userPool`, over HTTP
 * and the realtime socket. Node has no global WebSocket: `ws` stands in, answering the `wss://`
 * Amplify derives as `ws://`.
 */
class LocalWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(String(url).replace(/^wss:\/\//, "ws://"), protocols);
  }
}

let t: TestPlatform;
let project: PoolProject;
let config: Parameters<typeof Amplify.configure>[0];
let originalWebSocket: unknown;
const subscriptions: { unsubscribe(): void }[] = [];
const email = uniqueEmail("amplify-user");

beforeAll(async () => {
  t = await startTestPlatform({ LIMITS: GENEROUS_LIMITS });
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Pool Co" } }, owner.token);
  project = await publishUserPoolProject(t, owner.token, org.data.createOrg.org.id, "Shop", publishableModel(1));
  originalWebSocket = (globalThis as { WebSocket?: unknown }).WebSocket;
  (globalThis as { WebSocket?: unknown }).WebSocket = LocalWebSocket;
  config = {
    Auth: { Cognito: { userPoolId: project.poolId, userPoolClientId: project.clientId, userPoolEndpoint: `${t.url}/auth` } },
    API: { GraphQL: { endpoint: `${t.url}/p/${project.apiId}/graphql`, region: "eu-central-1", defaultAuthMode: "userPool" } },
  };
  Amplify.configure(config);
}, 60_000);
afterAll(async () => {
  for (const subscription of subscriptions) subscription.unsubscribe();
  (globalThis as { WebSocket?: unknown }).WebSocket = originalWebSocket;
  await t?.close();
});

interface Client {
  graphql(options: { query: string; variables?: Record<string, unknown> }): any;
}
const client = () => generateClient() as unknown as Client;

function listen(app: Client, query: string) {
  const events: any[] = [];
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<any>((resolve) => (fail = resolve));
  subscriptions.push(app.graphql({ query }).subscribe({ next: (value: unknown) => void events.push(value), error: (error: unknown) => fail(error) }));
  return { events, failed };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))]);

/** A token whose signature is not the pool's: the same claims, the signature's characters reversed. */
const forged = (token: string) => {
  const [header, payload, signature] = token.split(".");
  return decodeJWT(`${header}.${payload}.${[...signature].reverse().join("")}`);
};

describe("aws-amplify 6 with a project's user pool, unchanged", () => {
  it("signs a project user up, confirms and signs in with Amplify Auth against the project's pool", async () => {
    const signedUp = await signUp({ username: email, password: TEST_PASSWORD, options: { userAttributes: { email } } });
    expect(signedUp.nextStep.signUpStep).toBe("CONFIRM_SIGN_UP");
    await confirmSignUp({ username: email, confirmationCode: await t.latestCode(email) });
    const signedIn = await signIn({ username: email, password: TEST_PASSWORD });
    expect(signedIn.isSignedIn).toBe(true);
    expect((await fetchAuthSession()).tokens?.accessToken.payload.sub).toBeTruthy();
  });

  // While no socket is open: a refused token fails the connection itself.
  it("fails a subscription's connection with a token the pool did not sign as UnauthorizedException, and HTTP as Unauthorized", async () => {
    const { tokens } = await fetchAuthSession();
    const bad = { accessToken: forged(tokens!.accessToken.toString()), idToken: forged(tokens!.idToken!.toString()) };
    Amplify.configure(config, { Auth: { tokenProvider: { getTokens: async () => bad } } });
    try {
      const refused = listen(client(), `subscription { onCreateItem1 { id } }`);
      const error = await within(refused.failed, 20_000, "the refused connection");
      expect(error.errors.map((e: { message: string }) => e.message)).toEqual(["Connection failed: UnauthorizedException"]);
      const http: any = await client().graphql({ query: `query { listItem1 { items { id } } }` }).then(() => null, (thrown: unknown) => thrown);
      expect(http?.errors?.map((e: { message: string }) => e.message)).toEqual(["Unauthorized"]);
    } finally {
      Amplify.configure(config);
    }
  });

  it("creates and lists as the signed-in user, and hears onCreate over the realtime socket", async () => {
    const app = client();
    const heard = listen(app, `subscription { onCreateItem1 { id title } }`);
    const ids: string[] = [];
    await expect
      .poll(async () => {
        const result: any = await app.graphql({ query: `mutation ($input: CreateItem1Input!) { createItem1(input: $input) { id title } }`, variables: { input: { title: "Lamp", price: 9.5 } } });
        ids.push(result.data.createItem1.id);
        return heard.events.length;
      }, { timeout: 20_000, interval: 300 })
      .toBeGreaterThan(0);
    expect(ids).toContain(heard.events[0].data.onCreateItem1.id);
    expect(heard.events[0].data.onCreateItem1.title).toBe("Lamp");
    const listed: any = await app.graphql({ query: `query { listItem1 { items { id } } }` });
    expect(listed.data.listItem1.items.map((item: { id: string }) => item.id).sort()).toEqual([...ids].sort());
  });
});
