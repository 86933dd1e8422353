// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const CREATE_ORG = `mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`;
const CREATE_API = `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id schema } } }`;
const LIST = `query ($id: ID!) { org(id: $id) { apis { edges { node { id name schema hasUnpublishedChanges } } } } }`;

// The workspace's project list reads its rows without the declaration (lighter
// statements); a caller that asks for it in the list still gets the project's own.
describe("the workspace's project list", () => {
  it("returns each project's declaration when asked, the same as the project itself", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const { data: created } = await t.graphql(CREATE_ORG, { input: { name: "Acme" } }, owner.token);
    const orgId = created.createOrg.org.id as string;
    const shop = (await t.graphql(CREATE_API, { input: { orgId, name: "Shop" } }, owner.token)).data.createApi.api;
    const blog = (await t.graphql(CREATE_API, { input: { orgId, name: "Blog" } }, owner.token)).data.createApi.api;

    const { data, errors } = await t.graphql(LIST, { id: orgId }, owner.token);
    expect(errors).toBeUndefined();
    const byId = new Map(data.org.apis.edges.map((edge: { node: { id: string } }) => [edge.node.id, edge.node]));
    expect(shop.schema).toContain("Table1");
    expect(byId.get(shop.id)).toEqual({ id: shop.id, name: "Shop", schema: shop.schema, hasUnpublishedChanges: false });
    expect(byId.get(blog.id)).toEqual({ id: blog.id, name: "Blog", schema: blog.schema, hasUnpublishedChanges: false });
  });
});

// Org.apis reads its page through the request's loader, batched with the other pages asked at
// the same time; what it answers must be what it reads on its own (through `node`).
describe("the project page read along with the workspace", () => {
  const PAGE_FIELDS = `edges { cursor node { id name state region additionalAuthModes usePrefix createdAt updatedAt } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;
  const ALONG = `query ($id: ID!, $first: Int, $after: String) { org(id: $id) { id ...Page } }
    fragment Page on Org { apis(first: $first, after: $after) { ${PAGE_FIELDS} } }`;
  const ALONE = `query ($id: ID!, $first: Int, $after: String) { node(id: $id) { ... on Org { apis(first: $first, after: $after) { ${PAGE_FIELDS} } } } }`;

  it("answers every page, through a fragment and with a cursor, as the page read alone", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const orgId = (await t.graphql(CREATE_ORG, { input: { name: "Acme" } }, owner.token)).data.createOrg.org.id as string;
    for (let i = 1; i <= 5; i++) await t.graphql(CREATE_API, { input: { orgId, name: `Project ${i}` } }, owner.token);

    let after: string | null = null;
    const seen: string[] = [];
    for (let page = 0; page < 3; page++) {
      const along: { data?: any; errors?: unknown } = await t.graphql(ALONG, { id: orgId, first: 2, after }, owner.token);
      const alone = await t.graphql(ALONE, { id: orgId, first: 2, after }, owner.token);
      expect(along.errors).toBeUndefined();
      expect(along.data.org.apis).toEqual(alone.data.node.apis);
      seen.push(...along.data.org.apis.edges.map((edge: { node: { name: string } }) => edge.node.name));
      after = along.data.org.apis.pageInfo.endCursor as string | null;
    }
    expect(seen).toEqual(["Project 5", "Project 4", "Project 3", "Project 2", "Project 1"]);
  });

  it("answers two different pages in one operation, each as asked", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const orgId = (await t.graphql(CREATE_ORG, { input: { name: "Acme" } }, owner.token)).data.createOrg.org.id as string;
    for (let i = 1; i <= 3; i++) await t.graphql(CREATE_API, { input: { orgId, name: `Project ${i}` } }, owner.token);
    const { data, errors } = await t.graphql(
      `query ($id: ID!) { org(id: $id) { one: apis(first: 1) { edges { node { name } } } all: apis { edges { node { name } } } } }`,
      { id: orgId },
      owner.token,
    );
    expect(errors).toBeUndefined();
    expect(data.org.one.edges.map((edge: { node: { name: string } }) => edge.node.name)).toEqual(["Project 3"]);
    expect(data.org.all.edges.map((edge: { node: { name: string } }) => edge.node.name)).toEqual(["Project 3", "Project 2", "Project 1"]);
  });

  it("gives a caller without a role in the workspace neither the workspace nor its projects", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const stranger = await t.signUp(uniqueEmail("stranger"));
    const orgId = (await t.graphql(CREATE_ORG, { input: { name: "Acme" } }, owner.token)).data.createOrg.org.id as string;
    await t.graphql(CREATE_API, { input: { orgId, name: "Secret" } }, owner.token);
    const { data, errors } = await t.graphql(`query ($id: ID!) { org(id: $id) { apis { edges { node { name } } } } }`, { id: orgId }, stranger.token);
    expect(errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(JSON.stringify(data ?? null)).not.toContain("Secret");
  });
});
