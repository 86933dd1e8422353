// The customer app bench: a published user-pool project with 1,000 entries of an app user, an app
// with a table view, and in Chromium the app page's JavaScript (gzip, its own apps.html bundle),
// the time from opening the appUrl (signed in) to the first table view's rows, and the JavaScript
// the console loads on entering the app editor. Run alone with
// `npx tsx scripts/bench.ts --only=apps` after `npm run build`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page, type Response } from "@playwright/test";
import { AuthenticationDetails, CognitoUser, CognitoUserAttribute, CognitoUserPool, type CognitoUserSession } from "amazon-cognito-identity-js";
import { MAILBOX_TOKEN, PASSWORD, createUserWithWorkspace, databaseLabel, startServer } from "./platform";
import { publishableModel } from "../../tests/server/publishing/models";
import { createDatabase } from "../../tests/server/harness";

const ENTRIES = 1_000;
const BATCH = 100;

/** A user-pool project published with Item1, and an app whose first view is a table view of it. */
async function prepareApp(base: URL, email: string) {
  const { orgId, call } = await createUserWithWorkspace(base, email);
  const model = publishableModel(1);
  const apiId = (await call(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Apps bench" } })).createApi.api.id as string;
  await call(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: apiId, schema: JSON.stringify(model), defaultAuthMode: "aws_cognito_user_pools" } });
  await call(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id } } }`, { input: { apiId } });
  let api: Record<string, string> = {};
  for (let attempt = 0; api.state !== "PUBLISHED"; attempt++) {
    if (attempt > 600) throw new Error(`project never went live: ${api.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    api = (await call(`query ($id: ID!) { api(id: $id) { state authProviderPoolId authProviderClientId authProviderUrl } }`, { id: apiId })).api;
  }
  const table = model.objectTypes.find((type) => type.name === "Item1")!;
  const columns = table.fields.filter((field) => field.name === "title" || field.name === "price").map((field) => field.id);
  const schema = { views: [{ id: "v1", name: "Items", type: "table", tableId: table.id, columns, sort: null, pageSize: 25, actions: { create: true, edit: true, delete: false } }] };
  const app = (await call(`mutation ($input: CreateCustomerAppInput!) { createCustomerApp(input: $input) { customerApp { id appUrl } } }`, { input: { apiId, name: "Bench app", schema: JSON.stringify(schema) } }))
    .createCustomerApp.customerApp as { id: string; appUrl: string };
  const pool = new CognitoUserPool({ UserPoolId: api.authProviderPoolId, ClientId: api.authProviderClientId, endpoint: api.authProviderUrl });
  return { apiId, app, pool };
}

/** An app user signed up through the project's pool, confirmed with the mailed code, signed in. */
async function appUser(base: URL, pool: CognitoUserPool, email: string) {
  await new Promise((resolve, reject) => pool.signUp(email, PASSWORD, [new CognitoUserAttribute({ Name: "email", Value: email })], [], (error, result) => (error ? reject(error) : resolve(result))));
  const mails = (await (await fetch(new URL(`/mail.json?to=${encodeURIComponent(email)}&token=${MAILBOX_TOKEN}`, base), { headers: { authorization: `Bearer ${MAILBOX_TOKEN}` } })).json()) as { text: string }[];
  const user = new CognitoUser({ Username: email, Pool: pool });
  await new Promise((resolve, reject) => user.confirmRegistration(mails[0].text.match(/\b(\d{6})\b/)![1], false, (error, result) => (error ? reject(error) : resolve(result))));
  const session = await new Promise<CognitoUserSession>((resolve, reject) => user.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), { onSuccess: resolve, onFailure: reject }));
  return session.getAccessToken().getJwtToken();
}

/** 1,000 entries of the app user (owner rules: theirs to see), written with batchCreate under their token. */
async function seed(base: URL, apiId: string, token: string) {
  const batch = `mutation ($items: [TypeItemInput!]!) { batchCreateType(ofType: "Item1", items: $items) { id } }`;
  for (let from = 0; from < ENTRIES; from += BATCH) {
    const items = Array.from({ length: BATCH }, (_, n) => ({ fields: JSON.stringify({ title: `Entry ${from + n}`, price: (from + n) / 100 }) }));
    const response = await fetch(new URL(`/p/${apiId}/graphql`, base), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: batch, variables: { items } }),
    });
    const answer = (await response.json()) as { errors?: unknown[] };
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  }
}

/** Gzip bytes of the scripts a page loads while `load` runs and until the network is idle. */
async function scriptWeight(page: Page, load: () => Promise<unknown>) {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const keep = (response: Response) => {
    if (response.request().resourceType() === "script") pending.push(response.body().then((body) => void sizes.set(response.url(), gzipSync(body).length)));
  };
  page.on("response", keep);
  await load();
  await page.waitForLoadState("networkidle");
  page.off("response", keep);
  await Promise.all(pending);
  return { kb: [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024, files: sizes.size };
}

/** On PGlite (on disk), or on PostgreSQL when `adminUrl` is given (a database made there and dropped). */
export async function benchApps(port: number, adminUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "baukasten-bench-apps-"));
  const database = adminUrl ? await createDatabase(adminUrl) : null;
  const databaseUrl = database?.url ?? process.env.DATABASE_URL;
  const label = databaseLabel(databaseUrl);
  const server = await startServer(port, { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const memberEmail = `bench-apps-${Date.now()}@example.com`;
    const { apiId, app, pool } = await prepareApp(server.base, memberEmail);
    const userEmail = `bench-app-user-${Date.now()}@example.com`;
    await seed(server.base, apiId, await appUser(server.base, pool, userEmail));

    // The app page in a fresh context: its JavaScript until the sign-in form shows.
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    const weight = await scriptWeight(page, async () => {
      await page.goto(app.appUrl);
      await page.getByLabel("Email").waitFor();
    });
    console.log(`app page JavaScript: ${weight.kb.toFixed(1)} KB gzip in ${weight.files} files (its own bundle, not the console's)`);
    await page.getByLabel("Email").fill(userEmail);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    const firstRow = page.locator(".app-table tbody tr").first();
    await firstRow.waitFor();
    // Signed in (the session kept by the page): opening the appUrl again until the table view's rows show.
    const started = performance.now();
    await page.goto(app.appUrl);
    await firstRow.waitFor();
    console.log(`${label} app page, signed in, ${ENTRIES.toLocaleString("en")} entries: ${(performance.now() - started).toFixed(0)} ms from opening the appUrl to the first table view's rows (paged on the server)`);
    await context.close();

    // The console: the JavaScript loaded on entering the app editor from the signed-in console.
    const consolePage = await browser.newPage();
    await consolePage.goto(`${server.base.origin}/login`);
    await consolePage.getByLabel(/^email/i).fill(memberEmail);
    await consolePage.getByLabel(/^password/i).fill(PASSWORD);
    await consolePage.getByRole("button", { name: /log in|sign in/i }).click();
    await consolePage.getByTestId("project-grid").waitFor();
    await consolePage.waitForLoadState("networkidle");
    const editor = await scriptWeight(consolePage, async () => {
      await consolePage.evaluate((path) => {
        history.pushState({}, "", path);
        dispatchEvent(new PopStateEvent("popstate"));
      }, `/api/${apiId}/apps/${app.id}/editor`);
      await consolePage.getByTestId("app-editor").waitFor();
    });
    console.log(`app editor route JavaScript: ${editor.kb.toFixed(1)} KB gzip in ${editor.files} files loaded on entering it`);
  } finally {
    await browser.close();
    await server.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
