// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";
import { insertRole } from "../../server/role/store";
import type { RoleType } from "../../src/domain/permissions";

let t: TestPlatform;
let superuser: string;
let flagged: string;
beforeAll(async () => {
  superuser = uniqueEmail("super");
  flagged = uniqueEmail("flagged");
  t = await startTestPlatform({ SUPERUSER_EMAILS: superuser, FEATURE_FLAG_EMAILS: ` ${flagged.toUpperCase()} ` });
});
afterAll(async () => {
  await t?.close();
});

const CREATE_ORG = `mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } role { id } } }`;
const API_FIELDS = `id name orgId region state creationType defaultAuthMode additionalAuthModes awsAccountId usePrefix schema oidc queryExplorerString graphqlUrl viewerCanEditModel viewerCanPublish viewerCanDelete`;
const CREATE_API = `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { ${API_FIELDS} } apiEdge { cursor node { id } } } }`;
const UPDATE_API = `mutation ($input: UpdateApiInput!) { updateApi(input: $input) { ${API_FIELDS} } }`;
const API = `query ($id: ID!) { api(id: $id) { ${API_FIELDS} org { id } } }`;

async function ownerWithOrg() {
  const owner = await t.signUp(uniqueEmail("owner"));
  const { data } = await t.graphql(CREATE_ORG, { input: { name: "Acme" } }, owner.token);
  return { ...owner, orgId: data.createOrg.org.id as string };
}

async function createApi(token: string, input: Record<string, unknown>) {
  return t.graphql(CREATE_API, { input }, token);
}

async function memberOf(orgId: string, type: RoleType) {
  const member = await t.signUp(uniqueEmail(type.toLowerCase()));
  await insertRole(t.platform.db, { orgId, email: member.email, type });
  return member;
}

async function projectCount(orgId: string, token: string) {
  const { data } = await t.graphql(`query ($id: ID!) { org(id: $id) { apis { edges { node { id } } } } }`, { id: orgId }, token);
  return data.org.apis.edges.length as number;
}

describe("createApi", () => {
  it("creates an unpublished API-key project in Frankfurt with Table1 and a cloud account", async () => {
    const owner = await ownerWithOrg();
    const { data, errors } = await createApi(owner.token, { orgId: owner.orgId, name: "  Shop  " });
    expect(errors).toBeUndefined();
    const api = data.createApi.api;
    expect(api).toMatchObject({
      name: "Shop",
      orgId: owner.orgId,
      region: "eu-central-1",
      state: "INITIALIZED",
      creationType: "PUBLISH",
      defaultAuthMode: "aws_api_key",
      additionalAuthModes: [],
      usePrefix: true,
      awsAccountId: "000000000000",
      graphqlUrl: null,
      viewerCanEditModel: true,
      viewerCanPublish: true,
      viewerCanDelete: true,
    });
    const schema = JSON.parse(api.schema);
    expect(schema.objectTypes.map((type: { name: string }) => type.name)).toEqual(["Table1"]);
    expect(schema.objectTypes[0].fields.map((field: { name: string }) => field.name)).toEqual(["id", "createdAt", "updatedAt"]);
    expect(schema.objectTypes[0].fields.every((field: { readonly: boolean }) => field.readonly)).toBe(true);
    expect(data.createApi.apiEdge.node.id).toBe(api.id);
  });

  it("returns an edge for the top of the org's list, where the newest project is", async () => {
    const owner = await ownerWithOrg();
    await createApi(owner.token, { orgId: owner.orgId, name: "First" });
    const second = await createApi(owner.token, { orgId: owner.orgId, name: "Second" });
    const { data } = await t.graphql(
      `query ($id: ID!) { org(id: $id) { apis { edges { cursor node { id } } } } }`,
      { id: owner.orgId },
      owner.token,
    );
    expect(data.org.apis.edges[0]).toEqual(second.data.createApi.apiEdge);
  });

  it("adds API key as an extra mode for an OIDC project and keeps its client", async () => {
    const owner = await ownerWithOrg();
    const oidc = JSON.stringify({ clientId: "client-1", issuerUrl: "https://id.example.com" });
    const { data } = await createApi(owner.token, { orgId: owner.orgId, name: "Members", defaultAuthMode: "aws_oidc", oidc });
    expect(data.createApi.api).toMatchObject({ defaultAuthMode: "aws_oidc", additionalAuthModes: ["aws_api_key"] });
    expect(JSON.parse(data.createApi.api.oidc)).toEqual({ clientId: "client-1", issuerUrl: "https://id.example.com" });
  });

  it.each([
    ["an empty name", { name: "   " }, "error_api_create_requires_name"],
    ["an unknown region", { region: "mars-north-1" }, "error_api_create_requires_region"],
    ["OIDC without a client id", { defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ issuerUrl: "https://id.example.com" }) }, "error_api_create_requires_clientid"],
    ["OIDC without settings", { defaultAuthMode: "aws_oidc" }, "error_api_create_requires_clientid"],
    ["OIDC without an issuer", { defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ clientId: "c" }) }, "error_api_create_requires_issuerurl"],
    ["OIDC with an ftp issuer", { defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ clientId: "c", issuerUrl: "ftp://id.example.com" }) }, "error_api_oidc_issuerurl_invalid"],
    ["OIDC with an issuer that is no URL", { defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ clientId: "c", issuerUrl: "id.example.com" }) }, "error_api_oidc_issuerurl_invalid"],
  ])("refuses %s and stores nothing", async (_, input, messageId) => {
    const owner = await ownerWithOrg();
    const result = await createApi(owner.token, { orgId: owner.orgId, name: "Shop", ...input });
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId });
    expect(await projectCount(owner.orgId, owner.token)).toBe(0);
  });

  it("refuses someone who is not a member of the workspace", async () => {
    const owner = await ownerWithOrg();
    const stranger = await ownerWithOrg();
    const result = await createApi(stranger.token, { orgId: owner.orgId, name: "Shop" });
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await projectCount(owner.orgId, owner.token)).toBe(0);
  });

  it("refuses members whose role may not build projects", async () => {
    const owner = await ownerWithOrg();
    for (const type of ["GUEST", "CONTENT", "SUPPORT"] as const) {
      const member = await memberOf(owner.orgId, type);
      const result = await createApi(member.token, { orgId: owner.orgId, name: "Shop" });
      expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    const dev = await memberOf(owner.orgId, "DEV");
    const { data } = await createApi(dev.token, { orgId: owner.orgId, name: "Shop" });
    expect(data.createApi.api).toMatchObject({ viewerCanEditModel: true, viewerCanPublish: true, viewerCanDelete: false });
  });

  it("refuses with error_api_create_requires_awsaccount when the account pool is exhausted", async () => {
    const owner = await ownerWithOrg();
    await t.platform.db.updateTable("aws_accounts").set({ capacity: 0 }).execute();
    try {
      const result = await createApi(owner.token, { orgId: owner.orgId, name: "Shop" });
      expect(result.errors?.[0].extensions).toMatchObject({ messageId: "error_api_create_requires_awsaccount" });
      expect(await projectCount(owner.orgId, owner.token)).toBe(0);
    } finally {
      await t.platform.db.updateTable("aws_accounts").set({ capacity: null }).execute();
    }
  });

  it("assigns an account with room left when the first one is full", async () => {
    const owner = await ownerWithOrg();
    await t.platform.db.updateTable("aws_accounts").set({ capacity: 0 }).execute();
    await t.platform.db.insertInto("aws_accounts").values({ id: "acc_second", account_id: "111111111111", capacity: 1 }).execute();
    try {
      const first = await createApi(owner.token, { orgId: owner.orgId, name: "One" });
      expect(first.data.createApi.api.awsAccountId).toBe("111111111111");
      const second = await createApi(owner.token, { orgId: owner.orgId, name: "Two" });
      expect(second.errors?.[0].extensions?.messageId).toBe("error_api_create_requires_awsaccount");
    } finally {
      await t.platform.db.updateTable("aws_accounts").set({ enabled: false }).where("id", "=", "acc_second").execute();
      await t.platform.db.updateTable("aws_accounts").set({ capacity: null }).where("id", "=", "acc_local").execute();
    }
  });
});

describe("api(id)", () => {
  it("shows a project with its org to members and refuses everyone else", async () => {
    const owner = await ownerWithOrg();
    const { data } = await createApi(owner.token, { orgId: owner.orgId, name: "Shop" });
    const id = data.createApi.api.id;
    const own = await t.graphql(API, { id }, owner.token);
    expect(own.data.api).toMatchObject({ id, name: "Shop", org: { id: owner.orgId } });
    const guest = await memberOf(owner.orgId, "GUEST");
    const seen = await t.graphql(API, { id }, guest.token);
    expect(seen.data.api).toMatchObject({ id, viewerCanEditModel: false, viewerCanPublish: false, viewerCanDelete: false });
    const stranger = await ownerWithOrg();
    const refused = await t.graphql(API, { id }, stranger.token);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const node = await t.graphql(`query ($id: ID!) { node(id: $id) { id ... on Api { name } } }`, { id }, stranger.token);
    expect(node.data.node).toBeNull();
    const ownNode = await t.graphql(`query ($id: ID!) { node(id: $id) { id ... on Api { name } } }`, { id }, owner.token);
    expect(ownNode.data.node).toEqual({ id, name: "Shop" });
  });
});

describe("updateApi settings", () => {
  it("renames, moves and switches to OIDC in one save", async () => {
    const owner = await ownerWithOrg();
    const { data } = await createApi(owner.token, { orgId: owner.orgId, name: "Shop" });
    const id = data.createApi.api.id;
    const oidc = JSON.stringify({ clientId: "c", issuerUrl: "https://id.example.com" });
    const result = await t.graphql(UPDATE_API, { input: { id, name: " Store ", region: "eu-west-1", defaultAuthMode: "aws_oidc", oidc } }, owner.token);
    expect(result.data.updateApi).toMatchObject({ name: "Store", region: "eu-west-1", defaultAuthMode: "aws_oidc", additionalAuthModes: ["aws_api_key"] });
  });

  it.each([
    ["an empty name", { name: "" }, "error_api_create_requires_name"],
    ["an unknown region", { region: "nowhere" }, "error_api_create_requires_region"],
    ["OIDC without a client id", { defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ issuerUrl: "https://x.example" }) }, "error_api_create_requires_clientid"],
    ["OIDC without an issuer", { defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ clientId: "c" }) }, "error_api_create_requires_issuerurl"],
    ["OIDC with an ftp issuer", { defaultAuthMode: "aws_oidc", oidc: JSON.stringify({ clientId: "c", issuerUrl: "ftp://id.example.com" }) }, "error_api_oidc_issuerurl_invalid"],
  ])("refuses %s and keeps the project as it was", async (_, input, messageId) => {
    const owner = await ownerWithOrg();
    const { data } = await createApi(owner.token, { orgId: owner.orgId, name: "Shop" });
    const id = data.createApi.api.id;
    const result = await t.graphql(UPDATE_API, { input: { id, ...input } }, owner.token);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", messageId });
    const after = await t.graphql(API, { id }, owner.token);
    expect(after.data.api).toMatchObject({ name: "Shop", region: "eu-central-1", defaultAuthMode: "aws_api_key" });
  });

  it("keeps the authentication method once the project is published", async () => {
    const owner = await ownerWithOrg();
    const { data } = await createApi(owner.token, { orgId: owner.orgId, name: "Shop" });
    const id = data.createApi.api.id;
    await t.platform.db.updateTable("apis").set({ state: "PUBLISHED" }).where("id", "=", id).execute();
    const result = await t.graphql(UPDATE_API, { input: { id, defaultAuthMode: "aws_cognito_user_pools" } }, owner.token);
    expect(result.errors?.[0].extensions?.messageId).toBe("error_api_auth_mode_read_only");
  });

  it("keeps a published project's OIDC client and issuer, which decide who signs in", async () => {
    const owner = await ownerWithOrg();
    const { data } = await createApi(owner.token, { orgId: owner.orgId, name: "Shop" });
    const id = data.createApi.api.id;
    const oidc = JSON.stringify({ clientId: "c", issuerUrl: "https://id.example.com" });
    expect((await t.graphql(UPDATE_API, { input: { id, defaultAuthMode: "aws_oidc", oidc } }, owner.token)).errors).toBeUndefined();
    await t.platform.db.updateTable("apis").set({ state: "PUBLISHED" }).where("id", "=", id).execute();

    const again = await t.graphql(UPDATE_API, { input: { id, defaultAuthMode: "aws_oidc", oidc } }, owner.token);
    expect(again.errors).toBeUndefined();
    const moved = JSON.stringify({ clientId: "c", issuerUrl: "https://attacker.example.com" });
    const result = await t.graphql(UPDATE_API, { input: { id, oidc: moved } }, owner.token);
    expect(result.errors?.[0].extensions?.messageId).toBe("error_api_auth_mode_read_only");
    const after = await t.graphql(API, { id }, owner.token);
    expect(JSON.parse(after.data.api.oidc)).toEqual({ clientId: "c", issuerUrl: "https://id.example.com" });
  });

  it("lets every member keep their query explorer text, but only builders change settings", async () => {
    const owner = await ownerWithOrg();
    const { data } = await createApi(owner.token, { orgId: owner.orgId, name: "Shop" });
    const id = data.createApi.api.id;
    const guest = await memberOf(owner.orgId, "GUEST");
    const saved = await t.graphql(UPDATE_API, { input: { id, queryExplorerString: "{ listTable1s { items { id } } }" } }, guest.token);
    expect(saved.data.updateApi.queryExplorerString).toBe("{ listTable1s { items { id } } }");
    const renamed = await t.graphql(UPDATE_API, { input: { id, name: "Mine" } }, guest.token);
    expect(renamed.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const stranger = await ownerWithOrg();
    const refused = await t.graphql(UPDATE_API, { input: { id, queryExplorerString: "x" } }, stranger.token);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("sets the cloud account only to one of the pool, and only for admins", async () => {
    const owner = await ownerWithOrg();
    const { data } = await createApi(owner.token, { orgId: owner.orgId, name: "Shop" });
    const id = data.createApi.api.id;
    const bogus = await t.graphql(UPDATE_API, { input: { id, awsAccountId: "999" } }, owner.token);
    expect(bogus.errors?.[0].extensions?.messageId).toBe("error_api_create_requires_awsaccount");
    const dev = await memberOf(owner.orgId, "DEV");
    const refused = await t.graphql(UPDATE_API, { input: { id, awsAccountId: "000000000000" } }, dev.token);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

describe("the viewer's flags", () => {
  it("marks configured superusers and feature-flagged users", async () => {
    const query = `{ viewer { isSuperuser featureFlags } }`;
    const plain = await t.signUp(uniqueEmail());
    expect((await t.graphql(query, {}, plain.token)).data.viewer).toEqual({ isSuperuser: false, featureFlags: [] });
    const boss = await t.signUp(superuser);
    expect((await t.graphql(query, {}, boss.token)).data.viewer).toEqual({ isSuperuser: true, featureFlags: [] });
    const tester = await t.signUp(flagged);
    expect((await t.graphql(query, {}, tester.token)).data.viewer).toEqual({ isSuperuser: false, featureFlags: ["flows", "declaration"] });
  });
});
