import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from "amazon-cognito-identity-js";
import { createAuthService, type AuthService } from "../../../server/auth";
import { readConfig, type Config } from "../../../server/config";
import { openDatabase, type Db } from "../../../server/db/database";
import { sendFetchResponse, toFetchRequest } from "../../../server/http/fetch-adapter";
import { setSilent } from "../../../server/log";
import { GENEROUS_LIMITS } from "../limits";
import { createMailer } from "../../../server/mail/mailer";
import { createDatabase, openMigratedPglite } from "../testDatabase";
import { leasePglite, releasePglite } from "../reusedDatabases";
import { reusedKeyPair } from "../testKeyPair";

/**
 * The sign-in service alone behind a tiny node:http server, driven by the unmodified
 * amazon-cognito-identity-js as the console drives it. PGlite in memory, or a fresh database on
 * the throwaway PostgreSQL cluster when TEST_DATABASE_URL is set (scripts/with-postgres.sh).
 */
export interface AuthServer {
  base: string;
  authUrl: string;
  db: Db;
  config: Config;
  service: AuthService;
  close(): Promise<void>;
}

export async function startAuthServer(
  /** `limits` is LIMITS; unset, the tests' generous ones, "" the product's defaults. */
  options: { db?: Db; accessTokenTtlSeconds?: number; failedSignInDelayMs?: number; limits?: string } = {},
): Promise<AuthServer> {
  setSilent(true);
  const database = options.db ? null : await freshDatabase();
  const db = options.db ?? database!.db;
  let service: AuthService | undefined;
  let base = "";
  const server: Server = createServer(async (req, res) => {
    await sendFetchResponse(res, await service!.handle(toFetchRequest(req, base)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = readConfig({ PUBLIC_URL: base, DATA_DIR: "memory://", LOG_LEVEL: "silent", LIMITS: options.limits ?? GENEROUS_LIMITS });
  const mailer = await createMailer(db, { from: "x" });
  service = await createAuthService({
    db,
    mailer,
    config,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    failedSignInDelayMs: options.failedSignInDelayMs ?? 1,
    newKeyPair: reusedKeyPair,
  });
  return {
    base,
    authUrl: `${base}/auth`,
    db,
    config,
    service,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database?.drop();
    },
  };
}

async function freshDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const pglite = await leasePglite(openMigratedPglite);
    const db = await openDatabase({ dataDir: "memory://", pglite });
    return {
      db,
      async drop() {
        await db.destroy();
        await releasePglite(pglite);
      },
    };
  }
  const database = await createDatabase(adminUrl, "bk_auth");
  const db = await openDatabase({ dataDir: "memory://", databaseUrl: database.url });
  return {
    db,
    async drop() {
      await db.destroy();
      await database.drop();
    },
  };
}

export class MemoryStorage implements ICognitoStorage {
  readonly items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/** A console tab: its own pool and storage. */
export function newClient(server: AuthServer) {
  const storage = new MemoryStorage();
  const pool = new CognitoUserPool({
    UserPoolId: server.config.cognito.userPoolId,
    ClientId: server.config.cognito.clientId,
    endpoint: server.authUrl,
    Storage: storage,
  });
  const user = (username: string) => new CognitoUser({ Username: username, Pool: pool, Storage: storage });
  return { pool, storage, user };
}
export type Client = ReturnType<typeof newClient>;

/** Library errors carry Cognito's exception name in `code`. */
export type CognitoError = Error & { code: string };

const promise = <T>(run: (done: (error: unknown, result?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result as T))));

export function signUp(client: Client, email: string, password: string, locale = "en") {
  const attributes = [
    new CognitoUserAttribute({ Name: "email", Value: email }),
    new CognitoUserAttribute({ Name: "locale", Value: locale }),
  ];
  return promise<{ userSub: string; userConfirmed: boolean }>((done) =>
    client.pool.signUp(email, password, attributes, [], done),
  );
}

export function confirm(client: Client, email: string, code: string) {
  return promise((done) => client.user(email).confirmRegistration(code, false, done));
}

export function signIn(client: Client, email: string, password: string) {
  const user = client.user(email);
  return new Promise<{ user: CognitoUser; session: CognitoUserSession }>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve({ user, session }),
      onFailure: reject,
    }),
  );
}

/** The newest code mailed to an address, read from the local mailbox as a developer would. */
export async function latestCode(db: Db, email: string): Promise<string> {
  const mail = await db
    .selectFrom("mails")
    .select("text_body")
    .where("recipient", "=", email.toLowerCase())
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text_body}`);
  return code;
}

export function mailsTo(db: Db, email: string) {
  return db.selectFrom("mails").selectAll().where("recipient", "=", email).orderBy("created_at").execute();
}

/** Signs up, confirms with the mailed code and signs in. */
export async function registeredUser(server: AuthServer, email: string, password: string, locale = "en") {
  const client = newClient(server);
  await signUp(client, email, password, locale);
  await confirm(client, email, await latestCode(server.db, email));
  return { client, ...(await signIn(client, email, password)) };
}

/** A raw protocol call, for what the library cannot send (bad input) or would retry for seconds. */
export async function rawCall(server: AuthServer, operation: string, body: unknown, init: RequestInit = {}) {
  const response = await fetch(server.authUrl, {
    method: "POST",
    headers: {
      "content-type": "application/x-amz-json-1.1",
      "x-amz-target": `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

/**
 * One wrong password at the protocol level: a real challenge answered with a bogus proof, without
 * the library's client-side SRP work (about half a second each). Returns the answer and how long
 * the second step took.
 */
export async function wrongPasswordProof(server: AuthServer, email: string) {
  const clientId = server.config.cognito.clientId;
  const challenge = await rawCall(server, "InitiateAuth", {
    ClientId: clientId,
    AuthFlow: "USER_SRP_AUTH",
    AuthParameters: { USERNAME: email, SRP_A: "abc123" },
  });
  const started = performance.now();
  const answer = await rawCall(server, "RespondToAuthChallenge", {
    ClientId: clientId,
    ChallengeName: "PASSWORD_VERIFIER",
    ChallengeResponses: {
      USERNAME: challenge.body.ChallengeParameters.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: challenge.body.ChallengeParameters.SECRET_BLOCK,
      PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32, 7).toString("base64"),
      TIMESTAMP: "Mon Jan 6 10:00:00 UTC 2025",
    },
  });
  return { ...answer, ms: performance.now() - started };
}

export async function expectCognitoError(work: Promise<unknown>): Promise<CognitoError> {
  try {
    await work;
  } catch (error) {
    return error as CognitoError;
  }
  throw new Error("expected the call to fail");
}
