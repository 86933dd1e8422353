// Issue 15: the request path, measured for the console's project list and for a mutation.
import { createUserWithWorkspace, type BenchServer } from "./platform";
import { formatLoad, runLoad, type Call } from "./load";

const LIST_QUERY = `query ($id: ID!) { org(id: $id) { id name apis(first: 20) { edges { node { id name state region } } } } }`;
const RENAME_ORG = `mutation ($input: UpdateOrgInput!) { updateOrg(input: $input) { id name } }`;
const CREATE_API = `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`;

const graphqlCall = (token: string, query: string, variables: object): Call => ({
  method: "POST",
  path: "/graphql",
  headers: { "content-type": "application/json", authorization: token },
  body: JSON.stringify({ query, variables }),
});

/** A workspace with 20 projects, and the calls the figures are taken for. */
export async function prepareWorkload(server: BenchServer, email: string) {
  const { token, orgId, call } = await createUserWithWorkspace(server.base, email);
  const apiIds: string[] = [];
  for (let i = 1; i <= 20; i++) {
    const created = (await call(CREATE_API, { input: { orgId, name: `Project ${i}` } })) as { createApi: { api: { id: string } } };
    apiIds.push(created.createApi.api.id);
  }
  const list = graphqlCall(token, LIST_QUERY, { id: orgId });
  const renames = [1, 2, 3, 4].map((i) => graphqlCall(token, RENAME_ORG, { input: { id: orgId, name: `Bench ${i}` } }));
  const viewer = graphqlCall(token, `{ viewer { id email roles { edges { node { id type org { id name } } } } } }`, {});
  const health: Call = { method: "GET", path: "/healthz" };
  const loginPage: Call = { method: "GET", path: "/login" };
  return { orgId, apiId: apiIds[0], list, renames, mixed: [list, viewer, list, renames[0], health, list, loginPage, renames[1], viewer, list] };
}

export type Workload = Awaited<ReturnType<typeof prepareWorkload>>;

/** p50/p95 at 1 client, throughput at 10, and CPU per request, for the list and a mutation. */
export async function benchRequestPath(server: BenchServer, workload: Workload, label: string) {
  const { base, pid } = server;
  // Warm-up: the first requests load code and fill caches; they are not what a user waits for.
  await runLoad(base, pid, [workload.list, workload.renames[0]], 2, 200, 10);
  console.log(formatLoad(`${label} list, 1 client`, await runLoad(base, pid, [workload.list], 1, 1000, 10)));
  console.log(formatLoad(`${label} list, 10 clients`, await runLoad(base, pid, [workload.list], 10, 5000, 10)));
  console.log(formatLoad(`${label} mutation, 1 client`, await runLoad(base, pid, workload.renames, 1, 500, 10)));
  console.log(formatLoad(`${label} mutation, 10 clients`, await runLoad(base, pid, workload.renames, 10, 2000, 10)));
}
