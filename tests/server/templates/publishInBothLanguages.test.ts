// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { stripTemplateDirectives, type SchemaModel } from "../../../src/domain/model";
import { parseModel } from "../../../src/domain/model/parse";
import { applyDefaultUsersTable } from "../../../src/domain/publish/usersTable";

/**
 * A template chosen in a German console creates German table, field and enum names; in either
 * language every template publishes and its endpoint answers a list query of each of its tables.
 */
let t: TestPlatform;
let token: string;
let orgId: string;
beforeAll(async () => {
  t = await startTestPlatform();
  token = (await t.signUp(uniqueEmail("owner"))).token;
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Templates Co" } }, token);
  orgId = org.data.createOrg.org.id;
});
afterAll(async () => {
  await t?.close();
});

type Language = "EN" | "DE";
const TEMPLATES = `query ($lang: Language!) { schemaTemplates(lang: $lang) { edges { node { id name schema } } } }`;
const API = `query ($id: ID!) { api(id: $id) { state latestPublishRun { schemaVersion status failureMessageId } } }`;

async function templates(lang: Language): Promise<{ id: string; name: string; model: SchemaModel }[]> {
  const { data, errors } = await t.graphql(TEMPLATES, { lang }, token);
  expect(errors).toBeUndefined();
  return data.schemaTemplates.edges.map(({ node }: { node: { id: string; name: string; schema: string } }) => {
    const parsed = parseModel(node.schema);
    if (!("model" in parsed)) throw new Error(`${node.name}: ${JSON.stringify(parsed.problem)}`);
    return { id: node.id, name: node.name, model: parsed.model };
  });
}

const tableNames = (model: SchemaModel) => model.objectTypes.map((table) => table.name);

async function newProject(name: string) {
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name } }, token);
  return created.data.createApi.api.id as string;
}

/** What the console saves when a template is applied, with the wizard's default users table, published. */
async function publish(apiId: string, template: SchemaModel) {
  const model = applyDefaultUsersTable(stripTemplateDirectives(template));
  const run = await t.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { publishRun { id } } }`, { input: { apiId, schema: JSON.stringify(model) } }, token);
  expect(run.errors).toBeUndefined();
  await expect
    .poll(async () => (await t.graphql(API, { id: apiId }, token)).data.api.state, { timeout: 20_000, interval: 20 })
    .not.toMatch(/^PUBLISHING(_PREPARE|_SCHEMA|_RESOLVERS)?$/);
  return (await t.graphql(API, { id: apiId }, token)).data.api;
}

async function callProject(apiId: string, query: string) {
  const response = await fetch(`${t.url}/p/${apiId}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, ...((await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] }) };
}

describe("templates in English and German", () => {
  it("names a German template's tables, fields and enums in German", async () => {
    const english = await templates("EN");
    const german = await templates("DE");
    expect(german.map((template) => template.id)).toEqual(english.map((template) => template.id));
    const blog = german.find((template) => template.name === "Blog")!;
    expect(tableNames(blog.model)).toEqual(expect.arrayContaining(["Autor", "Beitrag", "Kommentar", "Kategorie"]));
    expect(blog.model.objectTypes.find((table) => table.name === "Beitrag")!.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(["titel", "inhalt", "veroeffentlichtAm"]),
    );
    expect(blog.model.enumTypes.map((enumType) => enumType.name)).toContain("BeitragsStatus");
    // Every template changes its names; only words German shares with English (Team, Ticket) stay.
    german.forEach((template, index) => {
      const same = tableNames(template.model).filter((name) => tableNames(english[index].model).includes(name));
      expect(same.length, template.name).toBeLessThan(template.model.objectTypes.length / 2);
    });
  });

  it.each(["EN", "DE"] as const)("publishes every template in %s, its endpoint answering a list of each table", async (lang) => {
    // A project per template: once published, a project's users table stays.
    for (const template of await templates(lang)) {
      const apiId = await newProject(`${template.name} ${lang}`);
      const api = await publish(apiId, template.model);
      expect(api, template.name).toMatchObject({ state: "PUBLISHED", latestPublishRun: { schemaVersion: 1, status: "SUCCEEDED" } });
      const lists = tableNames(template.model).map((name) => `list${name} { items { id } }`);
      const answered = await callProject(apiId, `{ ${lists.join(" ")} }`);
      expect(answered, template.name).toMatchObject({ status: 200 });
      expect(answered.errors, template.name).toBeUndefined();
      for (const name of tableNames(template.model)) expect(answered.data?.[`list${name}`], `${template.name}: ${name}`).toEqual({ items: [] });
    }
  });
});
