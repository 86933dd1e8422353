// the request path, measured for the console's project list, a mutation and a list on
// a project's own endpoint.
import { publishableModel } from "../../tests/server/publishing/models";
import { createUserWithWorkspace, type BenchServer } from "./platform";
import { formatLoad, runLoad, type Call } from "./load";

const LIST_QUERY = `query ($id: ID!) { org(id: $id) { id name apis(first: 20) { edges { node { id name state region } } } } }`;
const RENAME_ORG = `mutation ($input: UpdateOrgInput!) { updateOrg(input: $input) { id name } }`;
const CREATE_API = `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`;
const UPDATE_API = `mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`;
const PUBLISH = `mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`;
const API_STATE = `query ($id: ID!) { api(id: $id) { state } }`;
const CREATE_KEY = `mutation { createApiKey(input: { description: "bench" }) { key } }`;
const CREATE_ITEMS = `mutation ($input: [CreateItem1Input!]!) { batchCreateItem1(input: $input) { id } }`;
const PROJECT_LIST = `{ listItem1(limit: 20) { items { id title price } nextToken } }`;

const graphqlCall = (path: string, headers: Record<string, string>, query: string, variables: object): Call => ({
  method: "POST",
  path,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify({ query, variables }),
});

/** A workspace with 20 projects, one of them published with 20 entries, and the calls the figures are taken for. */
export async function prepareWorkload(server: BenchServer, email: string) {
  const { token, orgId, call } = await createUserWithWorkspace(server.base, email);
  const apiIds: string[] = [];
  for (let i = 1; i <= 20; i++) {
    const created = (await call(CREATE_API, { input: { orgId, name: `Project ${i}` } })) as { createApi: { api: { id: string } } };
    apiIds.push(created.createApi.api.id);
  }
  const platform = (query: string, variables: object) => graphqlCall("/graphql", { authorization: token }, query, variables);
  const list = platform(LIST_QUERY, { id: orgId });
  const renames = [1, 2, 3, 4].map((i) => platform(RENAME_ORG, { input: { id: orgId, name: `Bench ${i}` } }));
  const viewer = platform(`{ viewer { id email roles { edges { node { id type org { id name } } } } } }`, {});
  const health: Call = { method: "GET", path: "/healthz" };
  const loginPage: Call = { method: "GET", path: "/login" };
  // Another project than the one the console bench reloads, so its figures stay comparable.
  const projectList = await publishedProjectList(server.base, apiIds[1], token, call);
  return { orgId, apiId: apiIds[0], list, renames, projectList, mixed: [list, viewer, list, renames[0], health, list, loginPage, renames[1], viewer, list] };
}

/** Publishes the project with one table (Item1), adds 20 entries, and gives the list as a customer app with an API key sends it. */
export async function publishedProjectList(base: URL, apiId: string, token: string, call: (query: string, variables: object) => Promise<any>) {
  await call(UPDATE_API, { input: { id: apiId, schema: JSON.stringify(publishableModel(1)) } });
  await call(PUBLISH, { input: { apiId } });
  for (let attempt = 0; (await call(API_STATE, { id: apiId })).api.state !== "PUBLISHED"; attempt++) {
    if (attempt > 600) throw new Error(`project ${apiId} was not published within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const project = async (query: string, variables: object = {}) => {
    const response = await fetch(new URL(`/p/${apiId}/graphql`, base), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: any; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  const { key } = (await project(CREATE_KEY)).createApiKey as { key: string };
  await project(CREATE_ITEMS, { input: Array.from({ length: 20 }, (_, i) => ({ title: `Item ${i + 1}`, price: i + 0.5 })) });
  return graphqlCall(`/p/${apiId}/graphql`, { "x-api-key": key }, PROJECT_LIST, {});
}

export type Workload = Awaited<ReturnType<typeof prepareWorkload>>;

/** p50/p95 and CPU per request at 1 client, throughput at 10, for the org's project list, a mutation and a project endpoint list. */
export async function benchRequestPath(server: BenchServer, workload: Workload, label: string) {
  const { base, pid } = server;
  // Warm-up: the first requests load code and fill caches; they are not what a user waits for.
  await runLoad(base, pid, [workload.list, workload.renames[0], workload.projectList], 2, 300, 10);
  const parts = [
    ["org list (20 projects)", [workload.list], 1000, 5000],
    ["mutation (updateOrg)", workload.renames, 500, 2000],
    ["project endpoint list (20 entries, API key)", [workload.projectList], 1000, 5000],
  ] as const;
  for (const [name, calls, oneClient, tenClients] of parts) {
    console.log(formatLoad(`${label} ${name}, 1 client`, await runLoad(base, pid, [...calls], 1, oneClient, 10)));
    console.log(formatLoad(`${label} ${name}, 10 clients`, await runLoad(base, pid, [...calls], 10, tenClients, 10)));
  }
  // The 1-client lines above run on a JIT still optimizing (CPU per request keeps falling for the
  // first ~3,000 requests); this one, after ~15,000, shows the steady cost a regression would raise.
  console.log(formatLoad(`${label} org list (20 projects), 1 client, warm`, await runLoad(base, pid, [workload.list], 1, 1000, 10)));
  console.log("  targets (PostgreSQL): org list <= 1 ms server CPU, p50 <= 2 ms at 1 client, >= 800 req/s at 10 clients");
}
