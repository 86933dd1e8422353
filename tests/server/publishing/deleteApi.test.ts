// @vitest-environment node
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { insertRole } from "../../../server/role/store";
import { publishableModel } from "./models";
import { ensureIndexes } from "../../../server/projectEndpoint/entries/indexes";
import { updateField } from "../../../src/domain/model";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const DELETE = `mutation ($input: DeleteApiInput!) { deleteApi(input: $input) { id name state } }`;

/** A published project on the Pro plan, paid through the built-in provider. */
async function liveProjectWithPlan() {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  await t.graphql(
    `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
    { input: { orgId, name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: JSON.stringify({ country: "DE", city: "Berlin", line1: "Weg 1", postalCode: "10115" }) } },
    owner.token,
  );
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id as string;
  const checkout = await t.graphql(
    `mutation ($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { sessionUrl checkoutSession { sessionId } } }`,
    { input: { apiId, bundleType: "PROFESSIONAL", billingInterval: "YEAR" } },
    owner.token,
  );
  const { sessionUrl, checkoutSession } = checkout.data.createCheckoutSession;
  const url = new URL(sessionUrl);
  await fetch(`${t.url}${url.pathname}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: url.searchParams.get("token")!, cardNumber: "4242424242424242" }),
  });
  await t.graphql(`mutation ($input: CreateBundleSubscriptionInput!) { createBundleSubscription(input: $input) { id } }`, { input: { apiId, checkoutSessionId: checkoutSession.sessionId } }, owner.token);
  await t.graphql(`mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { id } } }`, { input: { apiId, schema: JSON.stringify(publishableModel(1)) } }, owner.token);
  await expect.poll(async () => (await t.graphql(`query ($id: ID!) { api(id: $id) { state } }`, { id: apiId }, owner.token)).data.api.state, { timeout: 10_000 }).toBe("PUBLISHED");
  return { ...owner, orgId, apiId };
}

const count = async (table: "bundle_subscriptions" | "project_api_keys" | "project_live_versions" | "publish_runs", apiId: string) =>
  Number((await t.platform.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("api_id", "=", apiId).executeTakeFirstOrThrow()).n);

describe("deleteApi", () => {
  it("refuses everyone but owners with 'Only account owners can delete projects.', and a name that does not match", async () => {
    const owner = await liveProjectWithPlan();
    const admin = await t.signUp(uniqueEmail("admin"));
    await insertRole(t.platform.db, { orgId: owner.orgId, email: admin.email, type: "ADMIN" });
    const byAdmin = await t.graphql(DELETE, { input: { id: owner.apiId, confirmName: "Shop" } }, admin.token);
    expect(byAdmin.errors?.[0].message).toBe("Only account owners can delete projects.");
    expect(byAdmin.errors?.[0].extensions?.messageId).toBe("error_api_deletion_requires_role");

    const mistyped = await t.graphql(DELETE, { input: { id: owner.apiId, confirmName: "Shops" } }, owner.token);
    expect(mistyped.errors?.[0].message).toBe("You need to enter the project name to confirm deletion.");
    const stranger = await t.signUp(uniqueEmail("stranger"));
    expect((await t.graphql(DELETE, { input: { id: owner.apiId, confirmName: "Shop" } }, stranger.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");

    const still = await t.graphql(`query ($id: ID!) { api(id: $id) { id state } }`, { id: owner.apiId }, owner.token);
    expect(still.data.api).toEqual({ id: owner.apiId, state: "PUBLISHED" });
    expect(await count("bundle_subscriptions", owner.apiId)).toBe(1);
  });

  it("cancels the subscriptions with the provider and removes the endpoint, keys, runs, plans, files and functions in one go", async () => {
    const owner = await liveProjectWithPlan();
    expect((await fetch(`${t.url}/p/${owner.apiId}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ __typename }" }) })).status).not.toBe(404);
    const [subscription] = await t.platform.db.selectFrom("bundle_subscriptions").select("payment_provider_id").where("api_id", "=", owner.apiId).execute();

    // A file and a cloud function, whose bytes go with the project.
    const upload = async (key: string, isCloudFunction: boolean) => {
      const response = await fetch(`${t.url}/p/${owner.apiId}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: owner.token },
        body: JSON.stringify({
          query: `mutation ($input: UploadInlineFileInput!) { uploadInlineFile(input: $input) { key } }`,
          variables: { input: { key, mimeType: "text/plain", body: Buffer.from("export default 1").toString("base64"), isCloudFunction } },
        }),
      });
      expect((await response.json()).errors).toBeUndefined();
    };
    await upload("notes.txt", false);
    await upload("hello.mjs", true);
    const file = await t.platform.db.selectFrom("project_files").select("object_key").where("api_id", "=", owner.apiId).executeTakeFirstOrThrow();
    expect(await t.platform.objects.get(file.object_key!)).not.toBeNull();
    expect(await t.platform.objects.get(`projects/${owner.apiId}/functions/hello.mjs.zip`)).not.toBeNull();

    // The typed name is trimmed, as spec §5 says.
    const deleted = await t.graphql(DELETE, { input: { id: owner.apiId, confirmName: "  Shop " } }, owner.token);
    expect(deleted.data.deleteApi).toEqual({ id: owner.apiId, name: "Shop", state: "PUBLISHED" });

    const provider = await t.platform.db.selectFrom("pay_subscriptions").select("status").where("id", "=", subscription.payment_provider_id).executeTakeFirstOrThrow();
    expect(provider.status).toBe("canceled");
    for (const table of ["bundle_subscriptions", "project_api_keys", "project_live_versions", "publish_runs"] as const) {
      expect(await count(table, owner.apiId)).toBe(0);
    }
    expect(await t.platform.objects.get(file.object_key!)).toBeNull();
    expect(await t.platform.objects.get(`projects/${owner.apiId}/functions/hello.mjs.zip`)).toBeNull();
    const gone = await fetch(`${t.url}/p/${owner.apiId}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ __typename }" }) });
    expect(gone.status).toBe(404);
    expect((await t.graphql(`query ($id: ID!) { api(id: $id) { id } }`, { id: owner.apiId }, owner.token)).data.api).toBeNull();
  });
});

describe("deleteOrg removes its projects as deleteApi does", () => {
  const projectIndexes = async (apiId: string) =>
    (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'project_entries' and indexdef like ${`%api_id = '${apiId}'::text%`}`.execute(t.platform.db)).rows;

  it("drops the project's indexes and removes its declaration zips", async () => {
    const owner = await liveProjectWithPlan();
    const [run] = await t.platform.db.selectFrom("publish_runs").select("object_key").where("api_id", "=", owner.apiId).execute();
    expect(await t.platform.objects.get(run.object_key)).not.toBeNull();
    // A unique email, as a published model with a unique field has.
    const model = publishableModel(1);
    const users = model.objectTypes[0];
    const email = users.fields.find((field) => field.name === "email")!;
    await ensureIndexes(t.platform.db, owner.apiId, updateField(model, users.id, email.id, { directives: [...email.directives, { name: "unique" }] }));
    expect((await projectIndexes(owner.apiId)).length).toBe(1);

    const deleted = await t.graphql(`mutation ($input: DeleteOrgInput!) { deleteOrg(input: $input) { org { id } } }`, { input: { id: owner.orgId, confirmName: "Acme" } }, owner.token);
    expect(deleted.errors).toBeUndefined();

    expect(await t.platform.objects.get(run.object_key)).toBeNull();
    expect(await projectIndexes(owner.apiId)).toEqual([]);
    expect(await count("publish_runs", owner.apiId)).toBe(0);
  });
});
