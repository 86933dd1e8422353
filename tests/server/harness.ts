import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { AuthenticationDetails, CognitoUser, CognitoUserAttribute, CognitoUserPool } from "amazon-cognito-identity-js";
import { readConfig } from "../../server/config";
import { createPlatform, type Platform } from "../../server/app";
import { GENEROUS_LIMITS } from "./limits";

export const TEST_PASSWORD = "Baukasten1";

/**
 * A real platform on a free port: PGlite in memory, or a fresh database on the throwaway
 * PostgreSQL cluster when TEST_DATABASE_URL is set (scripts/with-postgres.sh).
 */
export async function startTestPlatform(env: Record<string, string> = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL) : null;
  const config = readConfig({
    PORT: String(port),
    DATA_DIR: "memory://",
    PUBLIC_URL: url,
    LOG_LEVEL: "silent",
    LIMITS: GENEROUS_LIMITS,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const platform: Platform = await createPlatform(config);
  await platform.listen();
  const pool = new CognitoUserPool({ UserPoolId: config.cognito.userPoolId, ClientId: config.cognito.clientId, endpoint: `${url}/auth` });

  async function graphql<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string) {
    const response = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    return { status: response.status, ...body };
  }

  async function latestCode(email: string) {
    const mails = (await (await fetch(`${url}/mail.json?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
    const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  /** Signs up, confirms with the mailed code and signs in with SRP, as the console does. */
  async function signUp(email: string, password = TEST_PASSWORD) {
    await new Promise((resolve, reject) =>
      pool.signUp(email, password, [new CognitoUserAttribute({ Name: "email", Value: email })], [], (error, result) => (error ? reject(error) : resolve(result))),
    );
    const user = new CognitoUser({ Username: email, Pool: pool });
    const code = await latestCode(email);
    await new Promise((resolve, reject) => user.confirmRegistration(code, false, (error, result) => (error ? reject(error) : resolve(result))));
    const session = await new Promise<import("amazon-cognito-identity-js").CognitoUserSession>((resolve, reject) =>
      user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
        onSuccess: resolve,
        onFailure: reject,
      }),
    );
    const token = session.getAccessToken().getJwtToken();
    const sub = session.getIdToken().payload.sub as string;
    await graphql(`mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }`, { input: { id: sub, email } }, token);
    return { email, token, sub };
  }

  return {
    url,
    platform,
    graphql,
    signUp,
    latestCode,
    async close() {
      await platform.close();
      await database?.drop();
    },
  };
}

export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}-${randomBytes(4).toString("hex")}-${counter++}@example.com`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A fresh database on the test cluster, dropped again by `drop()`. */
export async function createDatabase(adminUrl: string) {
  const { default: pg } = await import("pg");
  const name = `bk_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
