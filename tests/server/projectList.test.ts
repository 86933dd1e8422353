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

// The workspace's project list reads its rows without the declaration (issue 15: lighter
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
