import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "../../scripts/serverNodeFlags.mjs";
import { hearSubscriptions } from "./live";

/**
 * Every test signs up from loopback: per-source limits would stop the run, not an abuser. Room
 * for more unexpired API keys than one page of the key list holds (project-settings.spec.ts).
 */
const E2E_LIMITS = "signUpsPerSourcePerHour=100000,codeMailsPerSourcePerHour=100000,workspacesPerUser=1000,apiKeysPerProject=100";

/**
 * The users the worker's server shows the flagged screens (JSON declaration, flows…) to: the
 * server reads FEATURE_FLAG_EMAILS once, at its start, so they are fixed here, each spec with
 * names of its own. A spec runs once per run on a worker's server (a failure restarts the worker
 * with a new one), so each address signs up once there. Not for --repeat-each: a second round in
 * the same worker would sign the same address up again.
 */
const FLAGGED_NAMES = [
  "apps",
  "coupons",
  "csv",
  "declaration",
  "files",
  "flows",
  "functions",
  "grid",
  "grid-keys",
  "groups",
  "logs",
  "playground",
  "pool",
  "publisher",
  "records",
  "republisher",
  "settings",
  "wizard-custom-users",
] as const;
export type FlaggedName = (typeof FLAGGED_NAMES)[number];

/** The address of a flagged user of the worker's server; a name not in the fixed list throws. */
export function flaggedEmail(name: FlaggedName): string {
  if (!(FLAGGED_NAMES as readonly string[]).includes(name)) throw new Error(`"${name}" is not a flagged user: add it to FLAGGED_NAMES in platform.ts`);
  return `${name}@flagged.example.com`;
}

/** What the worker's server starts with: the flagged users, and the coupons spec's owner as the platform's operator. */
const WORKER_SETTINGS = {
  FEATURE_FLAG_EMAILS: FLAGGED_NAMES.map(flaggedEmail).join(","),
  SUPERUSER_EMAILS: flaggedEmail("coupons"),
};

/** The loopback addresses the browser may open the console at. */
export type Hostname = "localhost" | "127.0.0.1" | "[::1]";

/** Where globalSetup.ts left the migrated data directory every server starts from as a copy. */
export const DATA_TEMPLATE_ENV = "BAUKASTEN_E2E_DATA_TEMPLATE";

/** A new data directory: a copy of the migrated one when the run made it, else empty (initdb). */
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "baukasten-e2e-"));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

/** How long a stopping server may finish its work before it is killed. */
const STOP_GRACE_MS = 60_000;

/** A real server process on its own port and its own fresh data directory. */
export class PlatformProcess {
  /** Shared with the views `at` makes, so stopping or restarting through one acts on the one process. */
  private readonly running: { child: ChildProcess | null } = { child: null };
  /** The local mailbox answers only with its token: one per process, so it also tells our server from another on the port. */
  private readonly mailboxToken = randomUUID();
  readonly dataDir = newDataDir();
  /**
   * The address the browser opens the console at (`at` gives another): the server listens on
   * every loopback address and must work at each of them without PUBLIC_URL (README).
   */
  readonly hostname: Hostname = "localhost";

  /** `env` adds settings, e.g. FEATURE_FLAG_EMAILS for the flagged screens. */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {}

  get url() {
    return `http://${this.hostname}:${this.port}`;
  }

  /**
   * This server opened at another loopback address: the same process, data and mailbox, only
   * `url` (and so every page a test opens through it) at `hostname`. Checks that the server works
   * at each of them without starting one of its own.
   */
  at(hostname: Hostname): PlatformProcess {
    return Object.create(this, { hostname: { value: hostname } }) as PlatformProcess;
  }

  async start() {
    // With the flags `npm start` gives it: the embedded database's code compiled as users run it.
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/index.mjs"], {
      env: { ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, LOG_LEVEL: "silent", MAILBOX_TOKEN: this.mailboxToken, LIMITS: E2E_LIMITS, ...this.env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    this.running.child = child;
    // Up to two and a half minutes: a busy machine can take over a minute to open the embedded database.
    for (const deadline = Date.now() + 150_000; Date.now() < deadline; ) {
      // Only our own server knows our mailbox token: one that exited (port taken) cannot pass
      // for another process answering there.
      const ours = await fetch(`${this.url}/mail.json?to=start%40example.com&token=${this.mailboxToken}`).then(
        (response) => response.ok,
        () => false, // not listening yet
      );
      if (ours) return;
      if (child.exitCode !== null) throw new Error(`server on port ${this.port} exited`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Never leave a half-started server behind holding the port.
    child.kill("SIGKILL");
    this.running.child = null;
    throw new Error("server did not start");
  }

  async stop() {
    const child = this.running.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      // A server still answering a browser the test left open would keep the worker waiting for
      // minutes in teardown: after the grace, it is killed (the next test gets a new one anyway).
      const kill = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill("SIGTERM");
    });
    this.running.child = null;
  }

  async restart() {
    await this.stop();
    await this.start();
  }

  dispose() {
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The mails sent to an address, newest first, read from the local mailbox. */
  async mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
    const url = `${this.url}/mail.json?to=${encodeURIComponent(email)}&token=${this.mailboxToken}`;
    return (await (await fetch(url)).json()) as { subject: string; text: string }[];
  }

  /**
   * The newest code sent to an address, read from the local mailbox; with `subject`, the newest
   * in a mail of that subject, waiting until one has arrived (an earlier mail's code is no answer).
   */
  async latestCode(email: string, subject?: RegExp): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const mails = (await this.mailsTo(email)).filter((mail) => !subject || subject.test(mail.subject));
      const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  }
}

/**
 * The port for a test server: one the OS has just handed out, so runs beside each other (other
 * checkouts, other tools) never collide; E2E_PORT_BASE pins it to base + worker instead.
 */
export async function serverPort(workerIndex: number): Promise<number> {
  if (process.env.E2E_PORT_BASE) return Number(process.env.E2E_PORT_BASE) + workerIndex;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

let nextEmail = 0;
/** A new address each call, for a user the worker's server does not flag (see flaggedEmail). */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${nextEmail++}@example.com`;
}

export const PASSWORD = "Baukasten1";

/**
 * One platform per worker, shared by every spec that runs there: a server's start costs seconds
 * of CPU (and a copy of the data directory), many times what most tests take between them. So
 * it starts with what any spec needs (the flagged users, the operator, E2E_LIMITS), and each test
 * signs up its own user: `uniqueEmail`, or `flaggedEmail` for the flagged screens. What a test
 * leaves behind that is the platform's, not its user's (a region's coupons, per-source counts),
 * must not change what the specs after it see.
 */
export const test = base.extend<{ platform: PlatformProcess }, { workerPlatform: PlatformProcess }>({
  workerPlatform: [
    async ({}, use, workerInfo) => {
      const platform = new PlatformProcess(await serverPort(workerInfo.workerIndex), WORKER_SETTINGS);
      await platform.start();
      await use(platform);
      await platform.stop();
      platform.dispose();
    },
    // Starting a server takes seconds on a quiet machine and over a minute on a busy one.
    { scope: "worker", timeout: 180_000 },
  ],
  platform: async ({ workerPlatform }, use) => use(workerPlatform),
  // Heard from its first socket on, so a test can wait for a subscription (live.ts).
  page: async ({ page }, use) => {
    hearSubscriptions(page);
    await use(page);
  },
});

export { expect };

/**
 * Fills the open sign-up page with PASSWORD, accepts the terms and sends it. Without `email` the
 * address stays as the page has it (an invitation link fills it in).
 */
export async function fillSignUpForm(page: Page, email?: string) {
  if (email !== undefined) await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign up" }).click();
}

/** Signs up through the UI, confirms with the mailed code and creates a workspace. */
export async function signUpWithWorkspace(page: Page, platform: PlatformProcess, email: string, workspace: string) {
  await page.goto(`${platform.url}/signup`);
  await fillSignUpForm(page, email);
  await expect(page).toHaveURL(/\/signup-code-entry\?email=/);
  await page.getByLabel("Verification code").fill(await platform.latestCode(email));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/workspace-setup$/);
  await page.getByLabel("Workspace name").fill(workspace);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/org\/org_[^/]+\/apis$/);
  await expect(page.getByTestId("dashboard-title")).toHaveText(`Projects of ${workspace}`);
}

export async function signIn(page: Page, platform: PlatformProcess, email: string, password = PASSWORD) {
  await page.goto(`${platform.url}/login`);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.getByTestId("user-menu").getByRole("button").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Replaces a project's declaration through the JSON declaration screen and saves it. */
export async function saveDeclaration(page: Page, platform: PlatformProcess, apiId: string, text: string, showing = "Table1") {
  await page.goto(`${platform.url}/api/${apiId}/json-declaration`);
  await expect(page.getByTestId("json-editor-content")).toContainText(`"name": "${showing}"`);
  await page.getByTestId("json-editor-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
  await page.getByTestId("declaration-save").click();
  await expect(page.getByTestId("declaration-save")).toBeDisabled();
}

/** Creates a project through project-setup-name and returns its id (the data view then opens). */
export async function createProject(page: Page, name: string): Promise<string> {
  await page.getByTestId("create-project-card").click();
  await expect(page).toHaveURL(/\/project-setup\/name$/);
  await page.getByLabel("Project name").fill(name);
  await page.locator(`input[name="terms"]`).check();
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/api\/api_[^/]+\/data/);
  return new URL(page.url()).pathname.split("/")[2];
}
