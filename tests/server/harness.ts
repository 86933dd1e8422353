import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { createClient, type Client, type FormattedExecutionResult } from "graphql-ws";
import WebSocket from "ws";
import { expect } from "vitest";
import {
  CognitoAccessToken,
  CognitoIdToken,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  CognitoUserSession,
} from "amazon-cognito-identity-js";
import { readConfig } from "../../server/config";
import { createPlatform, type Platform } from "../../server/app";
import { reusedKeyPair } from "./testKeyPair";
import { GENEROUS_LIMITS } from "./limits";
import { createDatabase, openMigratedPglite, seedDataDir } from "./testDatabase";
import { leasePglite, releasePglite } from "./reusedDatabases";
import { srpSignIn } from "./srpSignIn";
import { createConfirmedUser } from "./userFixture";

export { createDatabase };

export const TEST_PASSWORD = "Baukasten1";
/** The local mailbox answers only with its token (MAILBOX_TOKEN). */
export const TEST_MAILBOX_TOKEN = "test-mailbox-token";
/** PostgreSQL runs need SECRET_KEY: it encrypts the signing keys kept in the database. */
export const TEST_SECRET_KEY = "test-secret-key";

/**
 * A real platform on a free port: PGlite in memory, or a fresh database on the throwaway
 * PostgreSQL cluster when TEST_DATABASE_URL is set (scripts/with-postgres.sh).
 */
export async function startTestPlatform(env: Record<string, string> = {}, options: Parameters<typeof createPlatform>[1] = {}) {
  // The free port is found before the platform listens on it, and another worker may take it in between.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(env, options);
    } catch (error) {
      if (attempt === 5 || (error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    }
  }
}

async function startOnFreePort(env: Record<string, string>, options: Parameters<typeof createPlatform>[1]) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // A caller that brings its own DATABASE_URL owns that database.
  const database = process.env.TEST_DATABASE_URL && !env.DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL) : null;
  const config = readConfig({
    PORT: String(port),
    DATA_DIR: "memory://",
    PUBLIC_URL: url,
    LOG_LEVEL: "silent",
    MAILBOX_TOKEN: TEST_MAILBOX_TOKEN,
    LIMITS: GENEROUS_LIMITS,
    ...(database ? { DATABASE_URL: database.url } : {}),
    // PostgreSQL needs SECRET_KEY (signing keys are sealed with it), also for a caller's own database.
    ...(database || env.DATABASE_URL ? { SECRET_KEY: TEST_SECRET_KEY } : {}),
    ...env,
  });
  const pglite = !config.databaseUrl && config.dataDir === "memory://" ? await leasePglite(openMigratedPglite) : undefined;
  if (!config.databaseUrl && config.dataDir !== "memory://") seedDataDir(config.dataDir);
  /** The database back to the worker, for its next platform. */
  const handBack = async () => {
    if (pglite) await releasePglite(pglite);
    await database?.drop();
  };
  const platform: Platform = await createPlatform(config, { pglite, newSigningKeyPair: reusedKeyPair, ...options }).catch(async (error: unknown) => {
    await handBack();
    throw error;
  });
  try {
    await platform.listen();
  } catch (error) {
    await platform.close();
    await handBack();
    throw error;
  }
  const pool = new CognitoUserPool({ UserPoolId: config.cognito.userPoolId, ClientId: config.cognito.clientId, endpoint: `${url}/auth` });

  let closed: Promise<void> | undefined;

  async function graphql<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string) {
    const response = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    return { status: response.status, ...body };
  }

  /** The mails sent to one address, newest first, read from the local mailbox. */
  async function mailsTo(email: string) {
    const response = await fetch(`${url}/mail.json?to=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${TEST_MAILBOX_TOKEN}` },
    });
    return (await response.json()) as { subject: string; text: string }[];
  }

  /** Waits for mails sent by a job (invitations): at least `count` of them, newest first. */
  async function awaitMailsTo(email: string, count = 1) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mails = await mailsTo(email);
      if (mails.length >= count || Date.now() > deadline) return mails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function latestCode(email: string) {
    const mails = await mailsTo(email);
    const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  const authPool = { authUrl: `${url}/auth`, userPoolId: config.cognito.userPoolId, clientId: config.cognito.clientId };

  /**
   * Signs in with SRP over the console's calls (srpSignIn.ts): the access token, the ID token's
   * claims and the session as amazon-cognito-identity-js would hold it.
   */
  async function signIn(email: string, password = TEST_PASSWORD) {
    const tokens = await srpSignIn(authPool, email, password);
    const session = new CognitoUserSession({
      IdToken: new CognitoIdToken({ IdToken: tokens.IdToken }),
      AccessToken: new CognitoAccessToken({ AccessToken: tokens.AccessToken }),
      RefreshToken: new CognitoRefreshToken({ RefreshToken: tokens.RefreshToken }),
    });
    return { session, token: tokens.AccessToken, idClaims: session.getIdToken().payload };
  }

  /**
   * A confirmed user of the console's pool with the given password, signed in, with their
   * platform user made as the console makes it after sign-up. The account and its SRP verifier
   * are written through the pool's own store: the sign-up flow (code mail, confirmation) is the
   * auth tests' subject, not every test's set-up. `signUpThroughCognito` goes the whole way.
   */
  async function signUp(email: string, password = TEST_PASSWORD) {
    await createConfirmedUser(platform.db, config, email, password);
    return signedInUser(email, password);
  }

  /** Signs up, confirms with the mailed code and signs in with SRP, as the console does. */
  async function signUpThroughCognito(email: string, password = TEST_PASSWORD) {
    await new Promise((resolve, reject) =>
      pool.signUp(email, password, [new CognitoUserAttribute({ Name: "email", Value: email })], [], (error, result) => (error ? reject(error) : resolve(result))),
    );
    const user = new CognitoUser({ Username: email, Pool: pool });
    const code = await latestCode(email);
    await new Promise((resolve, reject) => user.confirmRegistration(code, false, (error, result) => (error ? reject(error) : resolve(result))));
    return signedInUser(email, password);
  }

  async function signedInUser(email: string, password: string) {
    const { token, idClaims } = await signIn(email, password);
    const sub = idClaims.sub as string;
    await graphql(`mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }`, { input: { id: sub, email } }, token);
    return { email, token, sub };
  }

  const subscriptionClients = new Set<Client>();
  /**
   * A graphql-ws subscription as the console opens it. `results` fills as the server pushes;
   * `ended` resolves with the error (a refusal) or undefined when the server completes it. What
   * a test leaves open is closed with the platform, so no socket outlives its test file.
   */
  function subscribe<T = any>(token: string, query: string, variables: Record<string, unknown> = {}) {
    const client = createClient({ url: `${url.replace("http", "ws")}/graphql`, webSocketImpl: WebSocket, connectionParams: { Authorization: token }, retryAttempts: 0 });
    subscriptionClients.add(client);
    const results: FormattedExecutionResult<T, unknown>[] = [];
    const ended = new Promise<unknown>((resolve) =>
      client.subscribe<T>({ query, variables }, { next: (result) => void results.push(result), error: resolve, complete: () => resolve(undefined) }),
    );
    return {
      results,
      ended,
      async close() {
        subscriptionClients.delete(client);
        await client.dispose();
      },
    };
  }

  return {
    url,
    platform,
    graphql,
    signUp,
    signUpThroughCognito,
    signIn,
    mailsTo,
    awaitMailsTo,
    latestCode,
    subscribe,
    /** Once, however often called: the database goes to the next platform only once. */
    close() {
      closed ??= (async () => {
        await Promise.all([...subscriptionClients].map((client) => client.dispose()));
        await platform.close();
        await handBack();
      })();
      return closed;
    },
  };
}

export type TestPlatform = Awaited<ReturnType<typeof startOnFreePort>>;

/**
 * Waits until subscriptions are registered on the server, which graphql-ws does not report:
 * repeats `change(probe)`, something every subscriber hears with the probe text in it, until
 * each has heard one probe. Then one last probe: one socket delivers in order, so once that has
 * arrived no earlier probe is still on its way. The probes' results are forgotten, and the test
 * sees only what comes after.
 */
export async function untilListening(change: (probe: string) => Promise<unknown>, ...subscriptions: { results: unknown[] }[]) {
  const probes: string[] = [];
  const heard = (subscription: { results: unknown[] }, probe: string) => JSON.stringify(subscription.results).includes(probe);
  const nextProbe = async () => {
    const probe = `probe-${randomBytes(4).toString("hex")}`;
    probes.push(probe);
    await change(probe);
    return probe;
  };
  const wait = { timeout: 25_000, interval: 20 };
  await expect
    .poll(async () => {
      await nextProbe();
      return subscriptions.every((subscription) => probes.some((probe) => heard(subscription, probe)));
    }, wait)
    .toBe(true);
  const last = await nextProbe();
  await expect.poll(() => subscriptions.every((subscription) => heard(subscription, last)), wait).toBe(true);
  for (const subscription of subscriptions) subscription.results.length = 0;
}

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}-${randomBytes(4).toString("hex")}-${counter++}@example.com`;

/** A port the OS has just handed out, so a test never collides with whatever else runs here. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
