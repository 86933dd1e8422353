// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addField, addObjectType, initialModel, type SchemaModel } from "../../../src/domain/model";
import { setLiveVersion } from "../../../server/projectEndpoint/live";
import { readConfig } from "../../../server/config";
import { liveProject, type LiveProject } from "./fixture";

const BOUND = 2;

/** A model whose one table is named after the project, so an answer from another project's schema shows. */
function modelWithTable(name: string): SchemaModel {
  const table = addObjectType(initialModel(), name);
  return addField(table.model, table.id, { name: "title", type: "String" }).model;
}

let p: LiveProject;
/** Three live projects on one server that keeps at most BOUND schemas: each has its own table. */
const projects: { apiId: string; apiKey: string; table: string }[] = [];

async function goLive(apiId: string, model: SchemaModel, version: number) {
  await p.t.platform.db.transaction().execute((tx) => setLiveVersion(tx, { apiId, runId: `${apiId}-v${version}`, version, model }));
}

async function list(project: { apiId: string; apiKey: string }, table: string) {
  const response = await fetch(`${p.t.url}/p/${project.apiId}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": project.apiKey },
    body: JSON.stringify({ query: `{ list${table} { items { title } } }` }),
  });
  return (await response.json()) as { data?: Record<string, { items: { title: string }[] }>; errors?: { message: string }[] };
}

beforeAll(async () => {
  p = await liveProject(modelWithTable("Alpha"), { PROJECT_SCHEMA_CACHE_SIZE: String(BOUND) });
  projects.push({ apiId: p.apiId, apiKey: p.apiKey, table: "Alpha" });
  for (const table of ["Beta", "Gamma"]) {
    const api = await p.t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: p.orgId, name: table } }, p.owner.token);
    const apiId = api.data.createApi.api.id as string;
    await goLive(apiId, modelWithTable(table), 1);
    projects.push({ apiId, apiKey: (await p.t.platform.apiKeys.insertKey(p.t.platform.db, apiId)).key, table });
  }
  for (const project of projects) {
    const created = await fetch(`${p.t.url}/p/${project.apiId}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": project.apiKey },
      body: JSON.stringify({ query: `mutation { create${project.table}(input: { title: "${project.table} row" }) { id } }` }),
    });
    expect(created.status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await p?.t.close();
});

describe("the project schema cache (PROJECT_SCHEMA_CACHE_SIZE)", () => {
  it("keeps at most the configured number of projects' schemas, and an evicted project still answers with its own", async () => {
    // Round robin over three projects with room for two: every call finds its project evicted.
    for (let round = 0; round < 3; round += 1) {
      for (const project of projects) {
        const result = await list(project, project.table);
        expect(result.errors).toBeUndefined();
        expect(result.data?.[`list${project.table}`].items).toEqual([{ title: `${project.table} row` }]);
        expect(p.t.platform.cachedProjectSchemas()).toBeLessThanOrEqual(BOUND);
      }
    }
    expect(p.t.platform.cachedProjectSchemas()).toBe(BOUND);
  });

  it("serves the version that is live now when an evicted project is built again", async () => {
    const [alpha, beta, gamma] = projects;
    await list(alpha, "Alpha");
    // Beta and Gamma push Alpha out; Alpha is republished while it is out of the cache.
    await list(beta, "Beta");
    await list(gamma, "Gamma");
    const renamed = modelWithTable("Delta");
    await goLive(alpha.apiId, renamed, 2);
    expect((await list(alpha, "Delta")).data?.listDelta.items).toEqual([]);
    expect((await list(alpha, "Alpha")).errors?.[0].message).toMatch(/Cannot query field "listAlpha"/);
  });

  it("refuses a bound that is not a whole number of at least 1 at start-up", () => {
    expect(readConfig({ PROJECT_SCHEMA_CACHE_SIZE: "25" }).projectSchemaCacheSize).toBe(25);
    expect(readConfig({}).projectSchemaCacheSize).toBe(100);
    for (const wrong of ["0", "-3", "ten", "2.5"]) {
      expect(() => readConfig({ PROJECT_SCHEMA_CACHE_SIZE: wrong })).toThrow(/PROJECT_SCHEMA_CACHE_SIZE/);
    }
  });
});
