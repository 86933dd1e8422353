// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProject, type LiveProject } from "./fixture";
import { insertRole } from "../../../server/role/store";

/**
 * Imported projects (spec §2/§4 creationType IMPORT): a second Baukasten project on the same
 * platform is 'the live API'. Its schema is read by introspection once when the project is
 * created; the data explorer's calls read and write its rows through its own operations.
 */
let live: LiveProject;
let liveUrl: string;
beforeAll(async () => {
  live = await liveProject();
  liveUrl = `${live.t.url}/p/${live.apiId}/graphql`;
  for (const [i, name] of ["Ada", "Grace", "Edsger"].entries()) {
    const created = await live.call(`mutation ($input: CreateAuthorInput!) { createAuthor(input: $input) { id } }`, { input: { name, age: 30 + i } });
    expect(created.errors).toBeUndefined();
  }
}, 60_000);
afterAll(async () => {
  await live?.t.close();
});

const CREATE = `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id creationType state importUrl importedTables { name fields canCreate canUpdate canDelete } } } }`;
const importApi = (input: Record<string, unknown>) =>
  live.t.graphql(CREATE, { input: { orgId: live.orgId, name: "Imported", creationType: "IMPORT", ...input } }, live.owner.token);
const projectCount = async () =>
  (await live.t.graphql(`query ($id: ID!) { org(id: $id) { apis(first: 100) { edges { node { id } } } } }`, { id: live.orgId }, live.owner.token)).data?.org?.apis?.edges?.length;

describe("an imported project", () => {
  let apiId: string;

  it("reads the live API's schema once: the types it can list and get become its tables", async () => {
    const created = await importApi({ importUrl: liveUrl, importApiKey: live.apiKey });
    expect(created.errors).toBeUndefined();
    const api = created.data.createApi.api;
    apiId = api.id;
    expect(api).toMatchObject({ creationType: "IMPORT", state: "IMPORTED", importUrl: liveUrl });
    const author = api.importedTables.find((table: { name: string }) => table.name === "Author");
    expect(author).toMatchObject({ canCreate: true, canUpdate: true, canDelete: true });
    expect(author.fields).toEqual(expect.arrayContaining(["name", "age", "rating", "active", "tags", "status"]));
    expect(api.importedTables.map((table: { name: string }) => table.name).sort()).toEqual(["Author", "Book"]);
    const schema = JSON.parse((await live.t.graphql(`query ($id: ID!) { api(id: $id) { schema } }`, { id: apiId }, live.owner.token)).data.api.schema);
    expect(schema.objectTypes.map((type: { name: string }) => type.name).sort()).toEqual(["Author", "Book"]);
  });

  it("lists the live API's rows through the explorer's calls, following nextToken", async () => {
    const names: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const page: any = await live.t.graphql(
        `query ($apiId: ID!, $nextToken: String) { importedEntries(apiId: $apiId, table: "Author", limit: 2, nextToken: $nextToken) { items nextToken } }`,
        { apiId, nextToken },
        live.owner.token,
      );
      expect(page.errors).toBeUndefined();
      names.push(...page.data.importedEntries.items.map((item: string) => JSON.parse(item).name));
      nextToken = page.data.importedEntries.nextToken;
      pages++;
    } while (nextToken && pages < 10);
    expect(names.sort()).toEqual(["Ada", "Edsger", "Grace"]);
  });

  it("writes through the live API's create, update and delete", async () => {
    const created = await live.t.graphql(`mutation ($apiId: ID!, $values: String!) { createImportedEntry(apiId: $apiId, table: "Author", values: $values) }`, { apiId, values: JSON.stringify({ name: "Barbara", age: 40 }) }, live.owner.token);
    expect(created.errors).toBeUndefined();
    const row = JSON.parse(created.data.createImportedEntry);
    expect((await live.call(`query ($id: ID!) { getAuthor(id: $id) { name } }`, { id: row.id })).data.getAuthor).toEqual({ name: "Barbara" });
    const updated = await live.t.graphql(`mutation ($apiId: ID!, $values: String!) { updateImportedEntry(apiId: $apiId, table: "Author", values: $values) }`, { apiId, values: JSON.stringify({ id: row.id, name: "Barbara L." }) }, live.owner.token);
    expect(JSON.parse(updated.data.updateImportedEntry).name).toBe("Barbara L.");
    const deleted = await live.t.graphql(`mutation ($apiId: ID!, $id: ID!) { deleteImportedEntry(apiId: $apiId, table: "Author", id: $id) }`, { apiId, id: row.id }, live.owner.token);
    expect(deleted.errors).toBeUndefined();
    expect((await live.call(`query ($id: ID!) { getAuthor(id: $id) { name } }`, { id: row.id })).data.getAuthor).toBeNull();
  });

  it("refuses a private or local address (other than a project of this platform), a refused credential and a missing one, creating nothing", async () => {
    const before = await projectCount();
    expect(before).toBeGreaterThan(0);
    const attempts: [Record<string, unknown>, string][] = [
      [{ importUrl: `${live.t.url}/graphql`, importApiKey: "k" }, "error_import_private_address"],
      [{ importUrl: "http://169.254.169.254/latest/graphql", importApiKey: "k" }, "error_import_private_address"],
      [{ importUrl: "http://10.0.0.1/graphql", importToken: "t" }, "error_import_private_address"],
      [{ importUrl: liveUrl, importApiKey: "da2-wrong" }, "error_import_unauthorized"],
      [{ importUrl: liveUrl }, "error_import_credential_required"],
      [{ importUrl: "ftp://example.com/graphql", importApiKey: "k" }, "error_import_url_invalid"],
    ];
    for (const [input, messageId] of attempts) {
      const refused = await importApi(input);
      expect(refused.errors?.[0].extensions?.messageId, JSON.stringify(input)).toBe(messageId);
    }
    expect(await projectCount()).toBe(before);
  });

  it("makes the server call out only for a member who may create projects in the workspace", async () => {
    const stranger = await live.t.signUp(`outsider-${Date.now()}@example.com`);
    // A private address would be named in the refusal if the server had tried it.
    const refused = await live.t.graphql(CREATE, { input: { orgId: live.orgId, name: "Probe", creationType: "IMPORT", importUrl: "http://10.0.0.1/graphql", importApiKey: "k" } }, stranger.token);
    expect(refused.errors?.[0].extensions?.code).toMatch(/FORBIDDEN|NOT_FOUND/);
  });

  const FORWARD = `mutation ($apiId: ID!, $query: String!, $variables: String, $operationName: String) { forwardImportedRequest(apiId: $apiId, query: $query, variables: $variables, operationName: $operationName) }`;
  const forward = (token: string, query: string, variables?: Record<string, unknown>, operationName?: string) =>
    live.t.graphql(FORWARD, { apiId, query, variables: variables ? JSON.stringify(variables) : null, operationName: operationName ?? null }, token);
  // Every answer of the playground's forwarding, searched for the stored credential at the end.
  const answers: unknown[] = [];

  it("forwards the playground's queries and mutations to the live API with the stored credential", async () => {
    const created = await forward(live.owner.token, `mutation Add($input: CreateAuthorInput!) { createAuthor(input: $input) { id name } } query Other { __typename }`, { input: { name: "Playground" } }, "Add");
    answers.push(created);
    expect(created.errors).toBeUndefined();
    expect(JSON.parse(created.data.forwardImportedRequest).errors).toBeUndefined();
    const id = JSON.parse(created.data.forwardImportedRequest).data.createAuthor.id;
    const read = await forward(live.owner.token, `query ($id: ID!) { getAuthor(id: $id) { name } }`, { id });
    answers.push(read);
    expect(JSON.parse(read.data.forwardImportedRequest)).toEqual({ data: { getAuthor: { name: "Playground" } } });
    // The live API's own errors come back as GraphiQL shows them.
    const wrong = await forward(live.owner.token, `{ noSuchField }`);
    answers.push(wrong);
    expect(JSON.parse(wrong.data.forwardImportedRequest).errors[0].message).toMatch(/noSuchField/);
    const docs = await forward(live.owner.token, `{ __schema { queryType { name } } }`);
    answers.push(docs);
    expect(JSON.parse(docs.data.forwardImportedRequest).data.__schema.queryType.name).toBeTruthy();
  });

  it("refuses subscriptions, invalid GraphQL and an unnamed operation among several, with clear errors", async () => {
    const cases: [string, string][] = [
      [`subscription { onCreateAuthor { id } }`, "error_import_playground_subscription"],
      [`query {`, "error_import_playground_syntax"],
      [`query A { __typename } query B { __typename }`, "error_import_playground_operation"],
    ];
    for (const [query, messageId] of cases) {
      const refused = await forward(live.owner.token, query);
      answers.push(refused);
      expect(refused.errors?.[0].extensions?.messageId, query).toBe(messageId);
    }
  });

  it("lets a member with data-view rights query but not mutate, and nobody outside the workspace do either", async () => {
    const listNames = async () =>
      ((await live.call(`{ listAuthor(limit: 1000) { items { name } } }`)).data.listAuthor.items as { name: string }[]).map((item) => item.name);
    const support = await live.t.signUp(`support-${Date.now()}@example.com`);
    await insertRole(live.t.platform.db, { orgId: live.orgId, email: support.email, type: "SUPPORT" });
    const read = await forward(support.token, `{ __typename }`);
    answers.push(read);
    expect(read.errors).toBeUndefined();
    const write = await forward(support.token, `mutation { createAuthor(input: { name: "BySupport" }) { id } }`);
    answers.push(write);
    expect(write.errors?.[0].extensions?.code).toBe("FORBIDDEN");

    const stranger = await live.t.signUp(`intruder-${Date.now()}@example.com`);
    for (const query of [`{ __typename }`, `mutation { createAuthor(input: { name: "ByStranger" }) { id } }`]) {
      const refused = await forward(stranger.token, query);
      answers.push(refused);
      expect(refused.errors?.[0].extensions?.code, query).toMatch(/FORBIDDEN|NOT_FOUND/);
    }
    const unsigned = await live.t.graphql(FORWARD, { apiId, query: `mutation { createAuthor(input: { name: "Anonymous" }) { id } }` });
    answers.push(unsigned);
    expect(unsigned.errors?.length).toBeGreaterThan(0);
    const names = await listNames();
    for (const name of ["BySupport", "ByStranger", "Anonymous"]) expect(names).not.toContain(name);
  });

  it("leaves deleting the live API's rows to owners and admins, as on every project", async () => {
    const developer = await live.t.signUp(`developer-${Date.now()}@example.com`);
    await insertRole(live.t.platform.db, { orgId: live.orgId, email: developer.email, type: "DEV" });
    const created = await live.t.graphql(`mutation ($apiId: ID!, $values: String!) { createImportedEntry(apiId: $apiId, table: "Author", values: $values) }`, { apiId, values: JSON.stringify({ name: "Kept" }) }, developer.token);
    answers.push(created);
    expect(created.errors).toBeUndefined();
    const id = JSON.parse(created.data.createImportedEntry).id;
    const deleted = await live.t.graphql(`mutation ($apiId: ID!, $id: ID!) { deleteImportedEntry(apiId: $apiId, table: "Author", id: $id) }`, { apiId, id }, developer.token);
    answers.push(deleted);
    expect(deleted.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const forwarded = await forward(developer.token, `mutation ($id: ID!) { deleteAuthor(input: { id: $id }) { id } }`, { id });
    answers.push(forwarded);
    expect(forwarded.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await live.call(`query ($id: ID!) { getAuthor(id: $id) { name } }`, { id })).data.getAuthor).toEqual({ name: "Kept" });
    const rights = await live.t.graphql(`query ($id: ID!) { api(id: $id) { viewerCanEditData viewerCanDeleteData } }`, { id: apiId }, developer.token);
    expect(rights.data.api).toEqual({ viewerCanEditData: true, viewerCanDeleteData: false });
  });

  it("never sends the stored credential to the browser", async () => {
    expect(answers.length).toBeGreaterThan(8);
    expect(JSON.stringify(answers)).not.toContain(live.apiKey);
    const project = await live.t.graphql(`query ($id: ID!) { api(id: $id) { id importUrl importedTables { name } queryExplorerString } }`, { id: apiId }, live.owner.token);
    expect(JSON.stringify(project)).not.toContain(live.apiKey);
  });

  it("is refused to a signed-in user outside the project's workspace", async () => {
    const stranger = await live.t.signUp(`stranger-${Date.now()}@example.com`);
    const refused = await live.t.graphql(`query ($apiId: ID!) { importedEntries(apiId: $apiId, table: "Author") { items } }`, { apiId }, stranger.token);
    expect(refused.errors?.[0].extensions?.code).toMatch(/FORBIDDEN|NOT_FOUND/);
  });
});
