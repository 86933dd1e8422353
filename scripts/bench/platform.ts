// Starts the built server as its own process and signs a bench user up, as the console does.
import { spawn, type ChildProcess } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../serverNodeFlags.mjs";
import { AuthenticationDetails, CognitoUser, CognitoUserAttribute, CognitoUserPool } from "amazon-cognito-identity-js";

export const PASSWORD = "Baukasten1";
/** Tests and scripts name the mailbox secret themselves. */
export const MAILBOX_TOKEN = "bench-mailbox-token";

export interface BenchServer {
  base: URL;
  process: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

/** What a bench line names the database by: the one a server given this DATABASE_URL uses. */
export const databaseLabel = (databaseUrl: string | undefined) => (databaseUrl ? "PostgreSQL" : "PGlite");

export async function startServer(port: number, env: Record<string, string>): Promise<BenchServer> {
  const entry = process.env.BENCH_SERVER_ENTRY ?? "dist/server/index.mjs";
  // BENCH_NODE_FLAGS (space-separated) replaces the server's flags, to compare them.
  const flags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? SERVER_NODE_FLAGS;
  const child = spawn(process.execPath, [...flags, entry], {
    // As `npm start` runs it (scripts/start.mjs): graphql-js without its development checks.
    env: { NODE_ENV: "production", ...process.env, PORT: String(port), LOG_LEVEL: "silent", MAILBOX_TOKEN, SECRET_KEY: "bench-secret-key-0123456789abcdef", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = new URL(`http://127.0.0.1:${port}`);
  await waitForHealth(child, base);
  return {
    base,
    process: child,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Start-up runs the migrations; on a busy machine that takes a while. */
async function waitForHealth(child: ChildProcess, base: URL) {
  for (let attempt = 0; attempt < 1800; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(new URL("/healthz", base))).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("server did not answer /healthz within 3 minutes");
}

/** Signs up, confirms with the mailed code, signs in with SRP, creates the user and one workspace. */
export async function createUserWithWorkspace(base: URL, email: string) {
  const pool = new CognitoUserPool({ UserPoolId: "local_baukasten", ClientId: "baukasten-console", endpoint: new URL("/auth", base).href });
  await new Promise((resolve, reject) =>
    pool.signUp(email, PASSWORD, [new CognitoUserAttribute({ Name: "email", Value: email })], [], (error, result) => (error ? reject(error) : resolve(result))),
  );
  const mailbox = new URL(`/mail.json?to=${encodeURIComponent(email)}&token=${MAILBOX_TOKEN}`, base);
  const mails = (await (await fetch(mailbox, { headers: { authorization: `Bearer ${MAILBOX_TOKEN}` } })).json()) as { text: string }[];
  const code = mails[0].text.match(/\b(\d{6})\b/)![1];
  const user = new CognitoUser({ Username: email, Pool: pool });
  await new Promise((resolve, reject) => user.confirmRegistration(code, false, (error, result) => (error ? reject(error) : resolve(result))));
  const session = await new Promise<import("amazon-cognito-identity-js").CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), { onSuccess: resolve, onFailure: reject }),
  );
  const token = session.getAccessToken().getJwtToken();
  const call = async (query: string, variables: object) => {
    const response = await fetch(new URL("/graphql", base), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: any; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  await call(`mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }`, {
    input: { id: session.getIdToken().payload.sub, email },
  });
  const created = await call(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Bench" } });
  return { token, orgId: created.createOrg.org.id as string, call };
}
