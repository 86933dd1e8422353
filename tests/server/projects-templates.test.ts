// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";
import { validateModel } from "../../src/domain/model";
import { parseModel } from "../../src/domain/model/parse";
import { TEMPLATES } from "../../server/templates/catalog";
import { seedTemplates } from "../../server/templates/seed";

let t: TestPlatform;
let token: string;
beforeAll(async () => {
  t = await startTestPlatform();
  token = (await t.signUp(uniqueEmail())).token;
});
afterAll(async () => {
  await t?.close();
});

const TEMPLATES_QUERY = `query ($lang: Language!, $first: Int, $after: String) {
  schemaTemplates(lang: $lang, first: $first, after: $after) {
    edges { cursor node { id name description state schema localizations { lang name description } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

type TemplateNode = { id: string; name: string; description: string; state: string; schema: string; localizations: { lang: string; name: string }[] };

async function allTemplates(lang: "EN" | "DE", first?: number) {
  const nodes: TemplateNode[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const { data, errors }: { data?: any; errors?: unknown } = await t.graphql(TEMPLATES_QUERY, { lang, first, after }, token);
    expect(errors).toBeUndefined();
    pages++;
    nodes.push(...data.schemaTemplates.edges.map((edge: { node: TemplateNode }) => edge.node));
    if (!data.schemaTemplates.pageInfo.hasNextPage) return { nodes, pages };
    after = data.schemaTemplates.pageInfo.endCursor;
  }
}

describe("schema templates", () => {
  it("lists at least eight published templates in English and in German", async () => {
    const en = (await allTemplates("EN")).nodes;
    const de = (await allTemplates("DE")).nodes;
    expect(en.length).toBeGreaterThanOrEqual(8);
    expect(en.length).toBe(TEMPLATES.length);
    expect(de.map((node) => node.id)).toEqual(en.map((node) => node.id));
    TEMPLATES.forEach((template, index) => {
      expect(en[index]).toMatchObject({ state: "PUBLISHED", ...template.localizations.en });
      expect(de[index]).toMatchObject({ state: "PUBLISHED", ...template.localizations.de });
      expect(de[index].localizations).toEqual([
        { lang: "EN", ...template.localizations.en },
        { lang: "DE", ...template.localizations.de },
      ]);
    });
  });

  it("serves only schemas that pass every model rule, in English and German", async () => {
    for (const node of [...(await allTemplates("EN")).nodes, ...(await allTemplates("DE")).nodes]) {
      const parsed = parseModel(node.schema);
      expect("model" in parsed ? validateModel(parsed.model) : parsed.problem, node.name).toBeNull();
      expect("model" in parsed && parsed.model.objectTypes.length).toBeGreaterThan(0);
    }
  });

  it("pages through the list", async () => {
    const whole = (await allTemplates("EN")).nodes.map((node) => node.id);
    const paged = await allTemplates("EN", 3);
    expect(paged.nodes.map((node) => node.id)).toEqual(whole);
    expect(paged.pages).toBe(Math.ceil(whole.length / 3));
  });

  it("lists at most 50 at a time", async () => {
    const { data } = await t.graphql(TEMPLATES_QUERY, { lang: "EN", first: 500 }, token);
    expect(data.schemaTemplates.edges.length).toBeLessThanOrEqual(50);
  });

  it("seeds idempotently: a second start keeps ids and count", async () => {
    const before = (await allTemplates("EN")).nodes.map((node) => node.id);
    await seedTemplates(t.platform.db);
    const after = (await allTemplates("EN")).nodes.map((node) => node.id);
    expect(after).toEqual(before);
  });

  it("retires a template that left the catalog", async () => {
    const [first, ...rest] = TEMPLATES;
    await seedTemplates(t.platform.db, rest);
    try {
      const names = (await allTemplates("EN")).nodes.map((node) => node.name);
      expect(names).not.toContain(first.localizations.en.name);
      expect(names.length).toBe(rest.length);
    } finally {
      await seedTemplates(t.platform.db);
    }
  });

  it("finds a template by node id and keeps drafts to superusers", async () => {
    const [first] = (await allTemplates("EN")).nodes;
    const node = await t.graphql(`query ($id: ID!) { node(id: $id) { id ... on SchemaTemplate { name } } }`, { id: first.id }, token);
    expect(node.data.node).toEqual({ id: first.id, name: first.name });
    const drafts = await t.graphql(`{ schemaTemplates(lang: EN, state: DRAFT) { edges { node { id } } } }`, {}, token);
    expect(drafts.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("asks for a signed-in user", async () => {
    const result = await t.graphql(TEMPLATES_QUERY, { lang: "EN" });
    expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
