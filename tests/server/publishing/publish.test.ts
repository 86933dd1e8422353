// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { GENEROUS_LIMITS } from "../limits";
import { insertRole } from "../../../server/role/store";
import { unzipDeclaration } from "../../../server/publishing/declarationZip";
import type { LiveVersion } from "../../../server/projectEndpoint/contract";
import type { RoleType } from "../../../src/domain/permissions";
import { publishableModel } from "./models";
import { addObjectType } from "../../../src/domain/model";

/** What the project API was told, in the transaction that marked the project PUBLISHED. */
const liveVersions: LiveVersion[] = [];
const defaultKeysFor: string[] = [];
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform(
    {},
    {
      projectApi: {
        setLiveVersion: async (tx, live) => {
          const { state } = await tx.selectFrom("apis").select("state").where("id", "=", live.apiId).executeTakeFirstOrThrow();
          // Called inside the transaction that switches the project: still PUBLISHING_RESOLVERS there.
          expect(state).toBe("PUBLISHING_RESOLVERS");
          liveVersions.push(live);
        },
        createDefaultApiKey: async (_tx, apiId) => {
          defaultKeysFor.push(apiId);
          return { id: `key_${apiId}` };
        },
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const RUN_FIELDS = `id apiId schemaVersion status initState schema`;
const PUBLISH = `mutation ($input: CreatePublishRunInput!) {
  createPublishRun(input: $input) { api { id state schema } publishRun { ${RUN_FIELDS} } publishRunEdge { cursor node { id } } }
}`;
const API = `query ($id: ID!) { api(id: $id) {
  id state graphqlUrl apiKey schema hasUnpublishedChanges
  latestPublishRun { ${RUN_FIELDS} }
  publishRuns { edges { node { id schemaVersion status } } }
} }`;
const ON_UPDATE_API = `subscription ($id: ID!) { onUpdateApi(id: $id) { id state apiKey } }`;

async function ownerWithProject(model: unknown = publishableModel(2)) {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id as string;
  const saved = await t.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: apiId, schema: JSON.stringify(model) } }, owner.token);
  expect(saved.errors).toBeUndefined();
  return { ...owner, orgId, apiId };
}

const publish = (token: string, input: Record<string, unknown>) => t.graphql(PUBLISH, { input }, token);
const readApi = async (token: string, id: string) => (await t.graphql(API, { id }, token)).data.api;

async function untilState(token: string, apiId: string, states: string[]) {
  await expect.poll(async () => (await readApi(token, apiId)).state, { timeout: 10_000, interval: 20 }).toSatisfy((state: string) => states.includes(state));
  return readApi(token, apiId);
}

/** A refusal leaves the project as it was: no run, no state change, the declaration unchanged. */
async function expectUnchanged(token: string, apiId: string, before: { state: string; schema: string }) {
  const after = await readApi(token, apiId);
  expect(after).toMatchObject({ state: before.state, schema: before.schema, latestPublishRun: null });
  expect(after.publishRuns.edges).toEqual([]);
}

describe("createPublishRun", () => {
  it("takes a project through every publishing state to PUBLISHED, pushing each on onUpdateApi", async () => {
    const owner = await ownerWithProject();
    const updates = t.subscribe(owner.token, ON_UPDATE_API, { id: owner.apiId });
    await expect.poll(() => updates.results.length).toBe(1);
    expect(updates.results[0].data).toEqual({ onUpdateApi: { id: owner.apiId, state: "INITIALIZED", apiKey: null } });

    const { data, errors } = await publish(owner.token, { apiId: owner.apiId });
    expect(errors).toBeUndefined();
    // Spec §4: 'The publish id is the api id, then -v, then the version.'
    expect(data.createPublishRun.publishRun).toMatchObject({ id: `${owner.apiId}-v1`, apiId: owner.apiId, schemaVersion: 1, status: "IN_PROGRESS", initState: "INITIALIZED" });
    expect(data.createPublishRun.api.state).toBe("PUBLISHING");
    expect(data.createPublishRun.publishRunEdge.node.id).toBe(`${owner.apiId}-v1`);

    await expect.poll(() => updates.results.at(-1)?.data?.onUpdateApi.state, { timeout: 10_000 }).toBe("PUBLISHED");
    expect(updates.results.map((result) => result.data?.onUpdateApi.state)).toEqual([
      "INITIALIZED",
      "PUBLISHING",
      "PUBLISHING_PREPARE",
      "PUBLISHING_SCHEMA",
      "PUBLISHING_RESOLVERS",
      "PUBLISHED",
    ]);
    expect(updates.results.at(-1)?.data?.onUpdateApi.apiKey).toBe(`key_${owner.apiId}`);

    const api = await readApi(owner.token, owner.apiId);
    expect(api).toMatchObject({
      state: "PUBLISHED",
      graphqlUrl: `${t.url}/p/${owner.apiId}/graphql`,
      apiKey: `key_${owner.apiId}`,
      hasUnpublishedChanges: false,
      latestPublishRun: { id: `${owner.apiId}-v1`, status: "SUCCEEDED", schema: api.schema },
    });
    expect(liveVersions.filter((live) => live.apiId === owner.apiId)).toEqual([
      { apiId: owner.apiId, runId: `${owner.apiId}-v1`, version: 1, model: JSON.parse(api.schema), options: { amplifyNames: false } },
    ]);
    await updates.close();
  });

  it("uploads the declaration as a zip of one JSON file", async () => {
    const owner = await ownerWithProject();
    await publish(owner.token, { apiId: owner.apiId });
    const api = await untilState(owner.token, owner.apiId, ["PUBLISHED"]);
    const zip = await t.platform.objects.get(`declarations/${owner.apiId}/${owner.apiId}-v1.zip`);
    expect(zip).not.toBeNull();
    expect(JSON.parse((await unzipDeclaration(zip!))!)).toEqual(JSON.parse(api.schema));
  });

  it("saves the schema it is given, numbers runs 1, 2, … and creates the default key only once", async () => {
    const owner = await ownerWithProject();
    await publish(owner.token, { apiId: owner.apiId });
    await untilState(owner.token, owner.apiId, ["PUBLISHED"]);
    // The published users table stays as it is; a table is added next to it.
    const published = JSON.parse((await readApi(owner.token, owner.apiId)).schema);
    const bigger = JSON.stringify(addObjectType(published, "Item3").model);
    const second = await publish(owner.token, { apiId: owner.apiId, schema: bigger });
    expect(second.data.createPublishRun.publishRun).toMatchObject({ id: `${owner.apiId}-v2`, schemaVersion: 2, initState: "PUBLISHED" });
    const api = await untilState(owner.token, owner.apiId, ["PUBLISHED"]);
    expect(JSON.parse(api.schema).objectTypes.map((type: { name: string }) => type.name)).toEqual(["User", "Item1", "Item2", "Item3"]);
    expect(api.publishRuns.edges.map((edge: { node: { schemaVersion: number } }) => edge.node.schemaVersion)).toEqual([2, 1]);
    expect(defaultKeysFor.filter((id) => id === owner.apiId)).toHaveLength(1);
  });

  it("shows unpublished changes once the model differs from the latest run's", async () => {
    const owner = await ownerWithProject();
    await publish(owner.token, { apiId: owner.apiId });
    await untilState(owner.token, owner.apiId, ["PUBLISHED"]);
    const current = JSON.parse((await readApi(owner.token, owner.apiId)).schema);
    const renamed = { ...current, objectTypes: current.objectTypes.map((type: { name: string }, i: number) => (i === 1 ? { ...type, name: "Product" } : type)) };
    await t.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: owner.apiId, schema: JSON.stringify(renamed) } }, owner.token);
    expect((await readApi(owner.token, owner.apiId)).hasUnpublishedChanges).toBe(true);
  });

  it("republishes an earlier version: typed 'republish', that version's schema saved and published as the next run", async () => {
    const owner = await ownerWithProject();
    await publish(owner.token, { apiId: owner.apiId });
    await untilState(owner.token, owner.apiId, ["PUBLISHED"]);
    const first = (await readApi(owner.token, owner.apiId)).schema;
    const bigger = JSON.stringify(addObjectType(JSON.parse(first), "Item3").model);
    await publish(owner.token, { apiId: owner.apiId, schema: bigger });
    await untilState(owner.token, owner.apiId, ["PUBLISHED"]);
    // Unsaved edits since then are discarded by the republish (spec §4).
    const edited = JSON.stringify(addObjectType(JSON.parse(bigger), "Draft").model);
    await t.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: owner.apiId, schema: edited } }, owner.token);

    const version = await t.graphql(`query ($id: ID!) { api(id: $id) { publishRun(schemaVersion: 1) { id schemaVersion schema } none: publishRun(schemaVersion: 9) { id } } }`, { id: owner.apiId }, owner.token);
    expect(version.data.api).toMatchObject({ publishRun: { id: `${owner.apiId}-v1`, schemaVersion: 1, schema: first }, none: null });

    for (const confirmation of [undefined, "", "Republish", "publish"]) {
      const refused = await publish(owner.token, { apiId: owner.apiId, republishVersion: 1, confirmation });
      expect(refused.errors?.[0]).toMatchObject({ message: "Type 'republish' to confirm.", extensions: { messageId: "error_republish_confirm" } });
    }
    expect((await publish(owner.token, { apiId: owner.apiId, republishVersion: 9, confirmation: "republish" })).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const tablesOf = (schema: string) => JSON.parse(schema).objectTypes.map((type: { name: string }) => type.name);
    expect(tablesOf((await readApi(owner.token, owner.apiId)).schema)).toEqual(["User", "Item1", "Item2", "Item3", "Draft"]);

    const republished = await publish(owner.token, { apiId: owner.apiId, republishVersion: 1, confirmation: " republish " });
    expect(republished.data.createPublishRun.publishRun).toMatchObject({ schemaVersion: 3, schema: first });
    const api = await untilState(owner.token, owner.apiId, ["PUBLISHED"]);
    expect(api).toMatchObject({ schema: first, hasUnpublishedChanges: false });
    expect(tablesOf(api.schema)).toEqual(["User", "Item1", "Item2"]);
  });

  it("refuses while the project is publishing", async () => {
    const owner = await ownerWithProject();
    await t.platform.db.updateTable("apis").set({ state: "PUBLISHING_SCHEMA" }).where("id", "=", owner.apiId).execute();
    const { errors } = await publish(owner.token, { apiId: owner.apiId });
    expect(errors?.[0].extensions).toMatchObject({ code: "CONFLICT", messageId: "error_api_publishing_in_progress" });
  });

  describe("refuses with the spec's keys and changes nothing", () => {
    const cases: [string, (apiId: string) => Promise<unknown>, string, string?][] = [
      ["no cloud account", (id) => t.platform.db.updateTable("apis").set({ aws_account_id: null }).where("id", "=", id).execute(), "error_api_create_requires_awsaccount", "Publishing not possible. Please contact support."],
      ["no region", (id) => t.platform.db.updateTable("apis").set({ region: "" }).where("id", "=", id).execute(), "error_api_create_requires_region"],
      ["no auth mode", (id) => t.platform.db.updateTable("apis").set({ default_auth_mode: "" }).where("id", "=", id).execute(), "error_api_create_requires_authmode"],
      ["OIDC without clientId", (id) => t.platform.db.updateTable("apis").set({ default_auth_mode: "aws_oidc", oidc: JSON.stringify({ issuerUrl: "https://id.example.com" }) }).where("id", "=", id).execute(), "error_api_create_requires_clientid", "The OIDC clientId is mandatory."],
      ["OIDC without issuerUrl", (id) => t.platform.db.updateTable("apis").set({ default_auth_mode: "aws_oidc", oidc: JSON.stringify({ clientId: "app" }) }).where("id", "=", id).execute(), "error_api_create_requires_issuerurl", "The OIDC issuerUrl is mandatory."],
    ];
    for (const [name, breakIt, messageId, message] of cases) {
      it(name, async () => {
        const owner = await ownerWithProject();
        await breakIt(owner.apiId);
        const before = await readApi(owner.token, owner.apiId);
        const { errors } = await publish(owner.token, { apiId: owner.apiId });
        expect(errors?.[0].extensions?.messageId).toBe(messageId);
        if (message) expect(errors?.[0].message).toBe(message);
        await expectUnchanged(owner.token, owner.apiId, before);
      });
    }

    it("a model without a users table with email and password", async () => {
      const owner = await ownerWithProject();
      const before = await readApi(owner.token, owner.apiId);
      const withoutPassword = publishableModel(1);
      withoutPassword.objectTypes[0].fields = withoutPassword.objectTypes[0].fields.filter((field) => field.name !== "password");
      const { errors } = await publish(owner.token, { apiId: owner.apiId, schema: JSON.stringify(withoutPassword) });
      expect(errors?.[0]).toMatchObject({
        message: "Please select the users table and its email and password fields.",
        extensions: { code: "BAD_USER_INPUT", messageId: "error_api_create_requires_usertype" },
      });
      await expectUnchanged(owner.token, owner.apiId, before);
    });

    it("a model without tables", async () => {
      const owner = await ownerWithProject();
      const before = await readApi(owner.token, owner.apiId);
      const { errors } = await publish(owner.token, { apiId: owner.apiId, schema: JSON.stringify({ objectTypes: [], enumTypes: [] }) });
      expect(errors?.[0]).toMatchObject({ message: "Please define at least one model type.", extensions: { messageId: "error_api_create_requires_types" } });
      await expectUnchanged(owner.token, owner.apiId, before);
    });
  });

  it("publish rights: DEV publishes; CONTENT, SUPPORT, GUEST, no sign-in and another workspace are refused", async () => {
    const owner = await ownerWithProject();
    const member = async (type: RoleType) => {
      const user = await t.signUp(uniqueEmail(type.toLowerCase()));
      await insertRole(t.platform.db, { orgId: owner.orgId, email: user.email, type });
      return user;
    };
    for (const type of ["CONTENT", "SUPPORT", "GUEST"] as const) {
      const { errors } = await publish((await member(type)).token, { apiId: owner.apiId });
      expect(errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    // No sign-in, and the owner of another workspace who knows the id, are refused as well.
    expect((await t.graphql(PUBLISH, { input: { apiId: owner.apiId } })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const otherOwner = await ownerWithProject();
    expect((await publish(otherOwner.token, { apiId: owner.apiId })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await readApi(owner.token, owner.apiId)).latestPublishRun).toBeNull();
    const { errors } = await publish((await member("DEV")).token, { apiId: owner.apiId });
    expect(errors).toBeUndefined();
    const stranger = await t.signUp(uniqueEmail("stranger"));
    const watched = t.subscribe(stranger.token, ON_UPDATE_API, { id: owner.apiId });
    const refusal = (await watched.ended) ?? watched.results[0]?.errors;
    expect(JSON.stringify(refusal)).toContain("FORBIDDEN");
    expect(watched.results.some((result) => result.data)).toBe(false);
  });

  it("fails the run when the declaration no longer passes at publish time", async () => {
    const owner = await ownerWithProject();
    await t.platform.jobs.stop();
    try {
      await publish(owner.token, { apiId: owner.apiId });
      // Support took the cloud account away before the job ran.
      await t.platform.db.updateTable("apis").set({ aws_account_id: null }).where("id", "=", owner.apiId).execute();
    } finally {
      t.platform.jobs.start();
    }
    const api = await untilState(owner.token, owner.apiId, ["PUBLISHING_FAILED"]);
    expect(api.latestPublishRun.status).toBe("FAILED");
    expect(api.graphqlUrl).toBeNull();
  });
});

describe("the publishing limit", () => {
  it("refuses with 'Too many projects are publishing…' when the limit is reached", async () => {
    const limited = await startTestPlatform({ LIMITS: `${GENEROUS_LIMITS},projectsPublishingAtOnce=1` });
    try {
      const owner = await limited.signUp(uniqueEmail("owner"));
      const org = await limited.graphql(`mutation { createOrg(input: { name: "Acme" }) { org { id } } }`, {}, owner.token);
      const ids: string[] = [];
      for (const name of ["One", "Two"]) {
        const created = await limited.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name } }, owner.token);
        ids.push(created.data.createApi.api.id);
      }
      await limited.platform.jobs.stop();
      const schema = JSON.stringify(publishableModel(1));
      const first = await limited.graphql(PUBLISH, { input: { apiId: ids[0], schema } }, owner.token);
      expect(first.errors).toBeUndefined();
      const second = await limited.graphql(PUBLISH, { input: { apiId: ids[1], schema } }, owner.token);
      expect(second.errors?.[0]).toMatchObject({
        message: "Too many projects are publishing at the moment. Contact support or try again later.",
        extensions: { code: "RATE_LIMITED", messageId: "error_api_publishing_too_many" },
      });
    } finally {
      await limited.close();
    }
  });
});
