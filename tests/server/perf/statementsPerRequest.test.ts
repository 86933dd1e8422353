// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setLiveVersion } from "../../../server/projectEndpoint/live";
import { isSuperuser } from "../../../server/projectEndpoint/entries/projectKeyOnce";
import { libraryModel } from "../projectEndpoint/fixture";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";

/*
 * The statements one request
 * runs, counted at the database handle, so a change that adds a round trip to the request path
 * fails here rather than only in `npm run bench`. What timers run on their own (BACKGROUND) is
 * not part of any request.
 * On PostgreSQL, where other servers may end a sign-in, a request with a token reads its
 * sign-in from the database each time instead of remembering it: one statement more.
 */
let statements: string[] = [];
/** What runs beside requests: the job runner, the change follower, PGlite's auto-analyze check, the flow schedule's check, the list index builder. */
const BACKGROUND = /\bjobs\b|from "changes"|pg_stat_user_tables|"next_scheduled_at" <=|project_api_key_uses|\/\* list index \*\//;
let t: TestPlatform;
const SESSION_READ = process.env.TEST_DATABASE_URL ? 1 : 0;
beforeAll(async () => {
  t = await startTestPlatform({}, { onStatement: (sql) => void (BACKGROUND.test(sql) || statements.push(sql)) });
});
afterAll(async () => {
  await t?.close();
});

/** The statements `request` runs (it is run twice first: the first one verifies the token and warms caches). */
async function statementsOf(request: () => Promise<{ errors?: unknown }>) {
  for (let i = 0; i < 2; i++) expect((await request()).errors).toBeUndefined();
  statements = [];
  const answer = await request();
  expect(answer.errors).toBeUndefined();
  return statements;
}

const LIST = `query ($id: ID!) { org(id: $id) { id name apis(first: 20) { edges { node { id name state region } } } } }`;

describe("SQL statements per request", () => {
  let owner: { token: string };
  let orgId: string;
  let apiId: string;
  beforeAll(async () => {
    owner = await t.signUp(uniqueEmail("owner"));
    const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
    orgId = org.data.createOrg.org.id;
    for (let i = 1; i <= 3; i++) {
      const api = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: `Project ${i}` } }, owner.token);
      apiId = api.data.createApi.api.id;
    }
  });

  it("a workspace's project list runs 2: the role and the workspace in one, the page in one (the session is remembered on PGlite)", async () => {
    const ran = await statementsOf(() => t.graphql(LIST, { id: orgId }, owner.token));
    expect(ran.length).toBe(2 + SESSION_READ);
  });

  it("two pages of a workspace's projects in one operation run 2: the role and the workspace in one, both pages in one", async () => {
    const two = `query ($id: ID!) { org(id: $id) { one: apis(first: 1) { edges { node { name } } } all: apis(first: 20) { edges { node { name } } } } }`;
    const ran = await statementsOf(() => t.graphql(two, { id: orgId }, owner.token));
    expect(ran.length).toBe(2 + SESSION_READ);
  });

  it("renaming the workspace runs 3: begin, the update that checks the role, commit", async () => {
    let n = 0;
    const ran = await statementsOf(() => t.graphql(`mutation ($input: UpdateOrgInput!) { updateOrg(input: $input) { id name } }`, { input: { id: orgId, name: `Acme ${n++}` } }, owner.token));
    expect(ran.length).toBe(3 + SESSION_READ);
  });

  describe("a project's own endpoint with an API key", () => {
    let call: (query: string, variables?: object) => Promise<{ errors?: unknown; data?: any }>;
    beforeAll(async () => {
      await t.platform.db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v1`, version: 1, model: libraryModel() }));
      const { key } = await t.platform.apiKeys.insertKey(t.platform.db, apiId);
      call = async (query, variables = {}) => {
        const response = await fetch(`${t.url}/p/${apiId}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": key },
          body: JSON.stringify({ query, variables }),
        });
        return (await response.json()) as { errors?: unknown; data?: any };
      };
    });

    it("a filtered, sorted list runs 2: the live version and the key in one, the page in one (the key's use is counted in memory and written within a second)", async () => {
      const list = () => call(`{ listBook(limit: 100, sortBy: pages, filter: { title: { beginsWith: "B" } }) { items { id title pages } nextToken } }`);
      const ran = await statementsOf(list);
      expect(ran.length).toBe(2);
    });

    // Where the session may switch row triggers off (PGlite; a superuser on PostgreSQL), the batch
    // locks the project's row once, and switches the per-row key checks off and on again: two more.
    it("a batchCreate of 100 with parents runs 7 (9 where the project's key is checked once): the live version and key, begin, the parents, the rows, their activities, their events in the change log, commit", async () => {
      const authors = await call(`mutation { a: createAuthor(input: { name: "A" }) { id } b: createAuthor(input: { name: "B" }) { id } }`);
      const parents = [authors.data.a.id, authors.data.b.id];
      const input = Array.from({ length: 100 }, (_, index) => ({ title: `Bulk ${index}`, pages: index, authorId: parents[index % 2] }));
      const ran = await statementsOf(() => call(`mutation ($input: [CreateBookInput!]!) { batchCreateBook(input: $input) { id } }`, { input }));
      expect(ran.length).toBe((await isSuperuser(t.platform.db)) ? 9 : 7);
    });
  });
});
