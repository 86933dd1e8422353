// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "./harness";

/*
 * What only the platform's operators (SUPERUSER_EMAILS) may do outside any workspace is asked
 * of server/access.ts (requireSuperuser), like every workspace permission.
 */
let t: TestPlatform;
let operator: { email: string; token: string };
beforeAll(async () => {
  const email = uniqueEmail("operator");
  t = await startTestPlatform({ SUPERUSER_EMAILS: email });
  operator = await t.signUp(email);
});
afterAll(async () => {
  await t?.close();
});

const USER = `query ($id: ID!) { user(id: $id) { id email } }`;
const VIEWER_ID = `{ viewer { id } }`;

describe("the platform superuser", () => {
  it("alone reads another person's user record; everyone reads their own", async () => {
    const alice = await t.signUp(uniqueEmail("alice"));
    const bob = await t.signUp(uniqueEmail("bob"));
    const aliceId = (await t.graphql(VIEWER_ID, {}, alice.token)).data.viewer.id as string;

    expect((await t.graphql(USER, { id: aliceId }, alice.token)).data.user).toEqual({ id: aliceId, email: alice.email });
    const refused = await t.graphql(USER, { id: aliceId }, bob.token);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(refused.data?.user ?? null).toBeNull();
    expect((await t.graphql(USER, { id: aliceId }, operator.token)).data.user).toEqual({ id: aliceId, email: alice.email });
  });

  it("sets a project's cloud account without a role in its workspace, as admins there do", async () => {
    const owner = await t.signUp(uniqueEmail("owner"));
    const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
    const created = await t.graphql(
      `mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id awsAccountId } } }`,
      { input: { orgId: org.data.createOrg.org.id, name: "Shop" } },
      owner.token,
    );
    const api = created.data.createApi.api as { id: string; awsAccountId: string };
    const update = `mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id awsAccountId } }`;
    const stranger = await t.signUp(uniqueEmail("stranger"));
    expect((await t.graphql(update, { input: { id: api.id, awsAccountId: api.awsAccountId } }, stranger.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const moved = await t.graphql(update, { input: { id: api.id, awsAccountId: api.awsAccountId } }, operator.token);
    expect(moved.errors).toBeUndefined();
    expect(moved.data.updateApi).toEqual({ id: api.id, awsAccountId: api.awsAccountId });
  });
});
