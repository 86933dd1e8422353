// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addConnection, removeObjectType, type SchemaModel } from "../../../src/domain/model";
import { LOGO_MAX_BYTES, type AppPageConfig, type AppSchema } from "../../../src/domain/apps";
import { insertRole } from "../../../server/role/store";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { publishableModel } from "../publishing/models";
import { callProject, publishUserPoolProject, signInProjectUser, signUpProjectUser, type PoolProject } from "../projectEndpoint/poolProject";
import { createMutation, deleteMutation, getQuery, listQuery } from "../../../src/app/api";

/*
 * Customer apps (spec §2 list and editor, §3 CustomerApp, §5 rules, §7 calls): validation with
 * §5's messages, the user-pool rule, CRUD with the workspace's rights, the logo rules and the
 * app's page at its appUrl.
 */

// The page is the built apps.html; a stand-in keeps the test independent of `npm run build`.
const consoleDist = mkdtempSync(join(tmpdir(), "apps-dist-"));
writeFileSync(join(consoleDist, "apps.html"), `<!doctype html><html><head><title>App</title><!--baukasten-app--></head><body></body></html>`);
writeFileSync(join(consoleDist, "index.html"), `<!doctype html><html><head><!--baukasten-config--></head><body></body></html>`);

let t: TestPlatform;
let owner: { token: string; email: string };
let orgId: string;
let project: PoolProject;
let model: SchemaModel;
let table: SchemaModel["objectTypes"][number];

const APP_FIELDS = `id apiId name schema apiDeclaration routes appUrl logoUrl createdAt updatedAt`;
const CREATE = `mutation ($input: CreateCustomerAppInput!) { createCustomerApp(input: $input) { customerApp { ${APP_FIELDS} } customerAppEdge { cursor } } }`;
const UPDATE = `mutation ($input: UpdateCustomerAppInput!) { updateCustomerApp(input: $input) { ${APP_FIELDS} } }`;
const DELETE = `mutation ($input: DeleteCustomerAppInput!) { deleteCustomerApp(input: $input) { deletedCustomerAppId apiId } }`;
const REMOVE_LOGO = `mutation ($input: RemoveCustomerAppLogoInput!) { removeCustomerAppLogo(input: $input) { id logoUrl } }`;

/** The logo's upload: PUT <appUrl>logo with the file's bytes and the member's token. */
async function putLogo(appId: string, mimeType: string, body: Uint8Array, token = owner.token) {
  const response = await fetch(`${t.url}/apps/${appId}/logo`, { method: "PUT", headers: { "content-type": mimeType, authorization: token }, body: new Uint8Array(body) });
  return { status: response.status, ...((await response.json()) as { logoUrl?: string; errors?: { message: string; extensions?: Record<string, unknown> }[] }) };
}
const LIST = `query ($id: ID!, $first: Int, $after: String) { api(id: $id) { customerAppsRequireUserPool viewerCanEditCustomerApps viewerCanDeleteCustomerApps
  customerApps(first: $first, after: $after) { totalCount edges { node { id name } } pageInfo { hasNextPage endCursor } } } }`;

const errorOf = (answer: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) => answer.errors?.[0];

function tableView(overrides: Partial<Extract<AppSchema["views"][number], { type: "table" }>> = {}): AppSchema["views"][number] {
  const title = table.fields.find((field) => field.name === "title")!;
  return { id: "v1", name: "Items", type: "table", tableId: table.id, columns: [title.id], sort: null, pageSize: 25, actions: { create: true, edit: true, delete: false }, ...overrides };
}
const schemaText = (...views: AppSchema["views"]) => JSON.stringify({ views });

/** The configuration the server put into the app page's HTML. */
function pageConfigOf(html: string): AppPageConfig {
  const content = /<meta name="baukasten-app" content="([^"]*)">/.exec(html)![1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&amp;/g, "&");
  return JSON.parse(content);
}

async function createApp(name: string, schema?: string, token = owner.token, apiId = project.apiId) {
  return t.graphql(CREATE, { input: { apiId, name, ...(schema ? { schema } : {}) } }, token);
}

beforeAll(async () => {
  t = await startTestPlatform({}, { consoleDist });
  owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "App makers" } }, owner.token);
  orgId = org.data.createOrg.org.id;
  // Item1 has many Item2 (a detail view lists related records); both tables are owner-only.
  const tables = publishableModel(2);
  const byName = (name: string) => tables.objectTypes.find((type) => type.name === name)!.id;
  model = addConnection(tables, byName("Item1"), byName("Item2"), "hasMany");
  project = await publishUserPoolProject(t, owner.token, orgId, "Shop", model);
  table = model.objectTypes.find((type) => type.name === "Item1")!;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("validation (spec §5)", () => {
  it("refuses an app name under 3 or over 255 characters with the spec's keys, and stores nothing", async () => {
    const short = await createApp("ab");
    expect(errorOf(short)?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_app_name_min_length" });
    const long = await createApp("x".repeat(256));
    expect(errorOf(long)?.extensions).toMatchObject({ messageId: "error_app_name_max_length" });
    const spaces = await createApp("  a  ");
    expect(errorOf(spaces)?.extensions).toMatchObject({ messageId: "error_app_name_min_length" });
    const list = await t.graphql(LIST, { id: project.apiId }, owner.token);
    expect(list.data.api.customerApps.totalCount).toBe(0);
  });

  it("refuses views with a short, long or repeated name, without a table, with a table or field that is not live", async () => {
    const cases: [string, string][] = [
      [schemaText(tableView({ name: "A" })), "error_app_view_name_length"],
      [schemaText(tableView({ name: "x".repeat(33) })), "error_app_view_name_length"],
      [schemaText(tableView(), tableView({ id: "v2", name: " items " })), "error_app_view_name_unique"],
      [schemaText(tableView({ tableId: "" })), "error_app_view_table_required"],
      [schemaText(tableView({ tableId: "no-such-table" })), "error_app_view_table_missing"],
      [schemaText(tableView({ columns: ["no-such-field"] })), "error_app_view_field_missing"],
      [schemaText(tableView({ sort: { fieldId: "nope", direction: "ASC" } })), "error_app_view_field_missing"],
      [schemaText(tableView({ pageSize: 100000 })), "error_app_view_page_size"],
      [JSON.stringify({ views: [{ ...tableView(), script: "<script>" }] }), "error_app_schema_invalid"],
      ["not json", "error_app_schema_invalid"],
    ];
    for (const [schema, messageId] of cases) {
      const answer = await createApp("Valid name", schema);
      expect(errorOf(answer)?.extensions, schema).toMatchObject({ code: "BAD_USER_INPUT", messageId });
    }
    expect((await t.graphql(LIST, { id: project.apiId }, owner.token)).data.api.customerApps.totalCount).toBe(0);
  });

  it("refuses an app in a project without user-pool auth, with the spec's reason", async () => {
    const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Keys only" } }, owner.token);
    const apiId = created.data.createApi.api.id;
    const list = await t.graphql(LIST, { id: apiId }, owner.token);
    expect(list.data.api.customerAppsRequireUserPool).toBe(true);
    const answer = await createApp("Storefront", undefined, owner.token, apiId);
    expect(errorOf(answer)?.message).toBe("Adding a customer app requires cognito user pool auth.");
    expect(errorOf(answer)?.extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId: "error_app_requires_user_pool" });
    expect((await t.graphql(LIST, { id: apiId }, owner.token)).data.api.customerApps.totalCount).toBe(0);
  });
});

describe("create, read, update, delete", () => {
  it("creates an app with its appUrl, routes and the project's types and enums", async () => {
    const answer = await createApp("  Storefront ", schemaText(tableView()));
    expect(answer.errors).toBeUndefined();
    const app = answer.data.createCustomerApp.customerApp;
    expect(app.name).toBe("Storefront");
    expect(app.appUrl).toBe(`${t.url}/apps/${app.id}/`);
    expect(app.routes).toEqual(["views/v1"]);
    const declaration = JSON.parse(app.apiDeclaration);
    expect(declaration.types.map((type: { name: string }) => type.name)).toEqual(model.objectTypes.map((type) => type.name));
    expect(declaration.enums).toEqual(model.enumTypes);
    const read = await t.graphql(`query ($id: ID!) { customerApp(id: $id) { id name schema } node(id: $id) { id } }`, { id: app.id }, owner.token);
    expect(read.data.customerApp).toMatchObject({ id: app.id, name: "Storefront" });
    expect(read.data.node).toEqual({ id: app.id });
  });

  it("lists apps newest first, 10 per page by default, with a next page", async () => {
    for (let n = 0; n < 11; n++) expect((await createApp(`Page app ${n}`)).errors).toBeUndefined();
    const first = (await t.graphql(LIST, { id: project.apiId }, owner.token)).data.api.customerApps;
    expect(first.edges).toHaveLength(10);
    expect(first.edges[0].node.name).toBe("Page app 10");
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await t.graphql(LIST, { id: project.apiId, after: first.pageInfo.endCursor }, owner.token)).data.api.customerApps;
    const names = [...first.edges, ...second.edges].map((edge: { node: { name: string } }) => edge.node.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain("Storefront");
    expect(first.totalCount).toBe(12);
  });

  it("renames and saves the schema; a bad save changes nothing", async () => {
    const app = (await createApp("Editable")).data.createCustomerApp.customerApp;
    const saved = await t.graphql(UPDATE, { input: { id: app.id, name: "Edited", schema: schemaText(tableView(), { id: "d1", name: "Item", type: "detail", tableId: table.id, fields: [] }) } }, owner.token);
    expect(saved.errors).toBeUndefined();
    expect(saved.data.updateCustomerApp.routes).toEqual(["views/v1", "views/d1"]);
    const bad = await t.graphql(UPDATE, { input: { id: app.id, name: "no", schema: schemaText(tableView({ name: "A" })) } }, owner.token);
    expect(errorOf(bad)?.extensions).toMatchObject({ messageId: "error_app_name_min_length" });
    const read = await t.graphql(`query ($id: ID!) { customerApp(id: $id) { name routes } }`, { id: app.id }, owner.token);
    expect(read.data.customerApp).toEqual({ name: "Edited", routes: ["views/v1", "views/d1"] });
  });

  it("refuses another workspace's member to read, list, change or delete an app", async () => {
    const app = (await createApp("Private app")).data.createCustomerApp.customerApp;
    const stranger = await t.signUp(uniqueEmail("stranger"));
    const read = await t.graphql(`query ($id: ID!) { customerApp(id: $id) { id name } }`, { id: app.id }, stranger.token);
    expect(errorOf(read)?.extensions).toMatchObject({ code: "FORBIDDEN" });
    expect((await t.graphql(`query ($id: ID!) { node(id: $id) { id } }`, { id: app.id }, stranger.token)).data.node).toBeNull();
    expect(errorOf(await t.graphql(LIST, { id: project.apiId }, stranger.token))?.extensions).toMatchObject({ code: "FORBIDDEN" });
    expect(errorOf(await t.graphql(UPDATE, { input: { id: app.id, name: "Taken over" } }, stranger.token))?.extensions).toMatchObject({ code: "FORBIDDEN" });
    expect(errorOf(await createApp("Intruder app", undefined, stranger.token))?.extensions).toMatchObject({ code: "FORBIDDEN" });
    expect(errorOf(await t.graphql(DELETE, { input: { id: app.id } }, stranger.token))?.extensions).toMatchObject({ code: "FORBIDDEN" });
    const after = await t.graphql(`query ($id: ID!) { customerApp(id: $id) { name } }`, { id: app.id }, owner.token);
    expect(after.data.customerApp).toEqual({ name: "Private app" });
  });

  it("lets a DEV build apps but not delete them; an admin deletes", async () => {
    const dev = await t.signUp(uniqueEmail("dev"));
    const admin = await t.signUp(uniqueEmail("admin"));
    const guest = await t.signUp(uniqueEmail("guest"));
    await insertRole(t.platform.db, { orgId, email: dev.email, type: "DEV" });
    await insertRole(t.platform.db, { orgId, email: admin.email, type: "ADMIN" });
    await insertRole(t.platform.db, { orgId, email: guest.email, type: "GUEST" });
    const rights = (await t.graphql(LIST, { id: project.apiId }, dev.token)).data.api;
    expect(rights).toMatchObject({ viewerCanEditCustomerApps: true, viewerCanDeleteCustomerApps: false });
    const app = (await createApp("Dev app", undefined, dev.token)).data.createCustomerApp.customerApp;
    expect(errorOf(await createApp("Guest app", undefined, guest.token))?.extensions).toMatchObject({ code: "FORBIDDEN" });
    const refused = await t.graphql(DELETE, { input: { id: app.id } }, dev.token);
    expect(errorOf(refused)?.extensions).toMatchObject({ code: "FORBIDDEN", messageId: "error_app_delete_requires_admin" });
    expect((await t.graphql(`query ($id: ID!) { customerApp(id: $id) { id } }`, { id: app.id }, dev.token)).data.customerApp).toEqual({ id: app.id });
    const deleted = await t.graphql(DELETE, { input: { id: app.id } }, admin.token);
    expect(deleted.data.deleteCustomerApp).toEqual({ deletedCustomerAppId: app.id, apiId: project.apiId });
    expect((await t.graphql(`query ($id: ID!) { customerApp(id: $id) { id } }`, { id: app.id }, owner.token)).data.customerApp).toBeNull();
  });
});

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("logo (spec §5: at most 1 MB, JPG/SVG/PNG/WEBP)", () => {
  it("stores a PNG and an SVG, serves them with their type, SVG inert", async () => {
    const app = (await createApp("Logo app")).data.createCustomerApp.customerApp;
    const set = await putLogo(app.id, "image/png", PNG);
    expect(set.errors).toBeUndefined();
    const png = await fetch(set.logoUrl!);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).equals(PNG)).toBe(true);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    const setSvg = await putLogo(app.id, "image/svg+xml", Buffer.from(svg));
    const served = await fetch(setSvg.logoUrl!);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const removed = await t.graphql(REMOVE_LOGO, { input: { id: app.id } }, owner.token);
    expect(removed.data.removeCustomerAppLogo.logoUrl).toBeNull();
    expect((await fetch(`${t.url}/apps/${app.id}/logo`)).status).toBe(404);
  });

  it("refuses a logo over 1 MB with 'File is too large.' and keeps the old one", async () => {
    const app = (await createApp("Big logo")).data.createCustomerApp.customerApp;
    await putLogo(app.id, "image/png", PNG);
    const justRight = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length)]);
    expect((await putLogo(app.id, "image/png", justRight)).status).toBe(200);
    await putLogo(app.id, "image/png", PNG);
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const answer = await putLogo(app.id, "image/png", big);
    expect(answer.status).toBe(413);
    expect(errorOf(answer)?.message).toBe("File is too large.");
    expect(errorOf(answer)?.extensions).toMatchObject({ messageId: "error_file_too_large" });
    const kept = await fetch(`${t.url}/apps/${app.id}/logo`);
    expect(Buffer.from(await kept.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses another format, or bytes that are not the type claimed, with 'Invalid file format.'", async () => {
    const app = (await createApp("Odd logo")).data.createCustomerApp.customerApp;
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    for (const [mimeType, body] of [
      ["image/gif", Buffer.from("GIF89a")],
      ["text/html", html],
      ["image/png", html],
      ["image/svg+xml", html],
      ["image/png", Buffer.alloc(0)],
    ] as const) {
      const answer = await putLogo(app.id, mimeType, body);
      expect(answer.status, mimeType).toBe(400);
      expect(errorOf(answer)?.message, mimeType).toBe("Invalid file format.");
    }
    expect((await fetch(`${t.url}/apps/${app.id}/logo`)).status).toBe(404);
  });

  it("refuses a logo from someone who may not edit the app, and without a token", async () => {
    const app = (await createApp("Guarded logo")).data.createCustomerApp.customerApp;
    const stranger = await t.signUp(uniqueEmail("logo-stranger"));
    expect((await putLogo(app.id, "image/png", PNG, stranger.token)).status).toBe(403);
    const anonymous = await fetch(`${t.url}/apps/${app.id}/logo`, { method: "PUT", headers: { "content-type": "image/png" }, body: PNG });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${t.url}/apps/${app.id}/logo`)).status).toBe(404);
  });
});

describe("the app page at its appUrl", () => {
  it("serves the app's page with its views resolved against the live model; an unknown app is a 404 page", async () => {
    const app = (await createApp("Served app", schemaText(tableView()))).data.createCustomerApp.customerApp;
    const page = await fetch(app.appUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("<title>Served app</title>");
    const content = /<meta name="baukasten-app" content="([^"]*)">/.exec(html)![1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&amp;/g, "&");
    const config: AppPageConfig = JSON.parse(content);
    expect(config.graphqlUrl).toBe(`${t.url}/p/${project.apiId}/graphql`);
    expect(config.userPool).toEqual({ userPoolId: project.poolId, clientId: project.clientId, endpoint: `${t.url}/auth` });
    expect(config.views[0]).toMatchObject({ name: "Items", type: "table", fields: ["title"], table: { name: "Item1" } });
    expect((await fetch(`${app.appUrl}views/v1`)).status).toBe(200);
    const bare = await fetch(app.appUrl.slice(0, -1), { redirect: "manual" });
    expect(bare.status).toBe(308);
    expect(bare.headers.get("location")).toBe(`/apps/${app.id}/`);
    const missing = await fetch(`${t.url}/apps/app_doesnotexist/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("App not found");
  });

  it("tells the page a view's table is gone after a republish without it", async () => {
    const shop = await publishUserPoolProject(t, owner.token, orgId, "Shop two", model);
    const app = (await createApp("Outlived", schemaText(tableView()), owner.token, shop.apiId)).data.createCustomerApp.customerApp;
    const without = removeObjectType(model, table.id);
    expect((await t.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: shop.apiId, schema: JSON.stringify(without) } }, owner.token)).errors).toBeUndefined();
    expect((await t.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id } } }`, { input: { apiId: shop.apiId } }, owner.token)).errors).toBeUndefined();
    await expect
      .poll(async () => {
        const html = await (await fetch(app.appUrl)).text();
        const content = /<meta name="baukasten-app" content="([^"]*)">/.exec(html)![1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&amp;/g, "&");
        return (JSON.parse(content) as AppPageConfig).views[0];
      }, { timeout: 15_000 })
      .toMatchObject({ name: "Items", table: null, fields: [] });
    // Saving the app again now names the problem instead of storing a view of nothing.
    const saved = await t.graphql(UPDATE, { input: { id: app.id, schema: schemaText(tableView()) } }, owner.token);
    expect(errorOf(saved)?.extensions).toMatchObject({ messageId: "error_app_view_table_missing", viewIndex: 0 });
  });

  it("gives an anonymous visitor only what the views show: no hidden field, no other table, no permissions, no unused operation", async () => {
    const app = (await createApp("Lean page", schemaText(tableView({ actions: { create: false, edit: true, delete: false } })))).data.createCustomerApp.customerApp;
    const html = await (await fetch(app.appUrl)).text();
    const config = pageConfigOf(html);
    expect(config.views[0].table!.fields.map((field) => field.name)).toEqual(["title"]);
    expect(config.views[0].table!.operations).toEqual({ list: "listItem1", get: "getItem1", create: null, update: "updateItem1", delete: null });
    // Item1's price is not in the view; the users table and its password field are no view's.
    for (const hidden of ["price", "password", "User", "directives", "owner", "publicRead", "sortFields"]) expect(html).not.toContain(hidden);
  });

  it("lets an app user read only their own rows through the app page's own queries", async () => {
    const app = (await createApp("Own rows", schemaText(tableView()))).data.createCustomerApp.customerApp;
    const view = pageConfigOf(await (await fetch(app.appUrl)).text()).views[0];
    const [alice, bob] = [uniqueEmail("app-alice"), uniqueEmail("app-bob")];
    await signUpProjectUser(t, project, alice);
    await signUpProjectUser(t, project, bob);
    const asAlice = { token: (await signInProjectUser(project, alice)).token };
    const asBob = { token: (await signInProjectUser(project, bob)).token };
    const created = await callProject(t, project, createMutation(view.table!), { input: { title: "alice's secret" } }, asAlice);
    expect(created.errors).toBeUndefined();
    const aliceId = created.data.entry.id as string;
    expect((await callProject(t, project, createMutation(view.table!), { input: { title: "bob's note" } }, asBob)).errors).toBeUndefined();
    const list = (who: { token: string }) => callProject(t, project, listQuery(view.table!, view.fields), { limit: 100, nextToken: null, sortOrder: "DESC", sortBy: null }, who);
    expect((await list(asBob)).data.list.items.map((row: { title: string }) => row.title)).toEqual(["bob's note"]);
    expect((await list(asAlice)).data.list.items.map((row: { title: string }) => row.title)).toEqual(["alice's secret"]);
    // Opening alice's entry by its id (a detail view's ?id=) answers bob nothing.
    expect((await callProject(t, project, getQuery(view.table!, view.fields), { id: aliceId }, asBob)).data.entry).toBeNull();
  });

  it("refuses a default filter that does not fit its field, and changes nothing", async () => {
    const [title, price] = ["title", "price"].map((name) => table.fields.find((field) => field.name === name)!.id);
    const cases = [
      [{ fieldId: price, operator: "beginsWith", value: "1" }],
      [{ fieldId: price, operator: "gt", value: "ten" }],
      [{ fieldId: title, operator: "eq", value: 3 }],
      [{ fieldId: "nope", operator: "eq", value: "x" }],
      [{ fieldId: title, operator: "drop table", value: "x" }],
      Array.from({ length: 11 }, () => ({ fieldId: title, operator: "eq", value: "x" })),
    ];
    for (const filter of cases) {
      const answer = await createApp("Filtered badly", schemaText(tableView({ filter })));
      expect(errorOf(answer)?.extensions, JSON.stringify(filter)).toMatchObject({ messageId: "error_app_view_filter_invalid", viewIndex: 0 });
    }
    const list = await t.graphql(`query ($id: ID!) { api(id: $id) { customerApps(first: 50) { edges { node { name } } } } }`, { id: project.apiId }, owner.token);
    expect(list.data.api.customerApps.edges.map((edge: { node: { name: string } }) => edge.node.name)).not.toContain("Filtered badly");
  });

  it("applies a table view's default filter on the server, pages within it, and deletes only the user's own rows", async () => {
    const [title, price] = ["title", "price"].map((name) => table.fields.find((field) => field.name === name)!.id);
    const filter = [{ fieldId: price, operator: "ge", value: 10 }, { fieldId: title, operator: "beginsWith", value: "big" }];
    const schema = schemaText(tableView({ pageSize: 10, filter, actions: { create: true, edit: true, delete: true } }));
    const app = (await createApp("Big items", schema)).data.createCustomerApp.customerApp;
    const view = pageConfigOf(await (await fetch(app.appUrl)).text()).views[0];
    expect(view.filter).toEqual({ and: [{ price: { ge: 10 } }, { title: { beginsWith: "big" } }] });
    expect(view.table!.fields.map((field) => field.name)).toEqual(["title"]);
    const [carol, dave] = [uniqueEmail("app-carol"), uniqueEmail("app-dave")];
    await signUpProjectUser(t, project, carol);
    await signUpProjectUser(t, project, dave);
    const asCarol = { token: (await signInProjectUser(project, carol)).token };
    const asDave = { token: (await signInProjectUser(project, dave)).token };
    for (let n = 0; n < 12; n++) await callProject(t, project, createMutation(view.table!), { input: { title: `big ${n}`, price: 10 + n } }, asCarol);
    await callProject(t, project, createMutation(view.table!), { input: { title: "big but cheap", price: 1 } }, asCarol);
    await callProject(t, project, createMutation(view.table!), { input: { title: "small", price: 99 } }, asCarol);
    const page = async (nextToken: string | null, who = asCarol) =>
      (await callProject(t, project, listQuery(view.table!, view.fields), { limit: view.pageSize, nextToken, sortOrder: "DESC", sortBy: null, filter: view.filter }, who)).data.list as {
        items: { id: string; title: string }[];
        nextToken: string | null;
      };
    const first = await page(null);
    expect(first.items).toHaveLength(10);
    const second = await page(first.nextToken);
    expect([...first.items, ...second.items].map((row) => row.title).sort()).toEqual(Array.from({ length: 12 }, (_, n) => `big ${n}`).sort());
    expect(second.nextToken).toBeNull();
    expect((await page(null, asDave)).items).toEqual([]);
    // Dave's delete of carol's row (its id taken from elsewhere) finds nothing and deletes nothing.
    const target = first.items[0];
    const refused = await callProject(t, project, deleteMutation(view.table!), { input: { id: target.id } }, asDave);
    expect(refused.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await callProject(t, project, getQuery(view.table!, view.fields), { id: target.id }, asCarol)).data.entry).toMatchObject({ title: target.title });
    const deleted = await callProject(t, project, deleteMutation(view.table!), { input: { id: target.id } }, asCarol);
    expect(deleted.errors).toBeUndefined();
    expect((await callProject(t, project, getQuery(view.table!, view.fields), { id: target.id }, asCarol)).data.entry).toBeNull();
  });

  it("lists a detail view's related records of connected tables, each as the user may read them", async () => {
    const child = model.objectTypes.find((type) => type.name === "Item2")!;
    const title = table.fields.find((field) => field.name === "title")!.id;
    const detail = { id: "d1", name: "Item", type: "detail" as const, tableId: table.id, fields: [title], related: [child.id] };
    const bad = await createApp("Bad related", schemaText({ ...detail, related: [table.id] }));
    expect(errorOf(bad)?.extensions).toMatchObject({ messageId: "error_app_view_related_invalid", viewIndex: 0 });
    const app = (await createApp("Related", schemaText(detail))).data.createCustomerApp.customerApp;
    const view = pageConfigOf(await (await fetch(app.appUrl)).text()).views[0];
    expect(view.related).toEqual([{ table: "Item2", kind: "children", field: "listItem2", fields: ["title", "price"] }]);
    const [erin, frank] = [uniqueEmail("app-erin"), uniqueEmail("app-frank")];
    await signUpProjectUser(t, project, erin);
    await signUpProjectUser(t, project, frank);
    const asErin = { token: (await signInProjectUser(project, erin)).token };
    const asFrank = { token: (await signInProjectUser(project, frank)).token };
    const parent = (await callProject(t, project, `mutation { createItem1(input: { title: "erin's order" }) { id } }`, {}, asErin)).data.createItem1.id as string;
    expect((await callProject(t, project, `mutation ($p: ID) { createItem2(input: { title: "erin's line", item1Id: $p }) { id } }`, { p: parent }, asErin)).errors).toBeUndefined();
    // Frank may attach (or not) a row of his own; either way erin's detail view never shows it.
    await callProject(t, project, `mutation ($p: ID) { createItem2(input: { title: "frank's line", item1Id: $p }) { id } }`, { p: parent }, asFrank);
    const read = await callProject(t, project, getQuery(view.table!, view.fields, view.related), { id: parent }, asErin);
    expect(read.errors).toBeUndefined();
    expect(read.data.entry.title).toBe("erin's order");
    expect(read.data.entry.related0.items.map((row: { title: string }) => row.title)).toEqual(["erin's line"]);
    expect((await callProject(t, project, getQuery(view.table!, view.fields, view.related), { id: parent }, asFrank)).data.entry).toBeNull();
  });

  it("escapes an app name with markup in the page", async () => {
    const app = (await createApp(`<script>alert("x")</script>`)).data.createCustomerApp.customerApp;
    const html = await (await fetch(app.appUrl)).text();
    expect(html).not.toContain("<script>alert");
  });
});
