// @vitest-environment node
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { publishableModel } from "../publishing/models";

/**
 * Spec §7 'createCoupon redemption' and §8 'Failed to redeem coupon. No valid coupons available
 * for region …': a project's first publish in a region the operator runs on account coupons
 * redeems one; without a valid one left the publish is refused and nothing changes.
 */
const operator = uniqueEmail("operator");
let t: TestPlatform;
let admin: { token: string };
beforeAll(async () => {
  t = await startTestPlatform({ SUPERUSER_EMAILS: operator });
  admin = await t.signUp(operator);
});
afterAll(async () => {
  await t?.close();
});

const LOAD = `mutation ($input: CreateAccountCouponInput!) { createAccountCoupon(input: $input) { couponCode } }`;
const PUBLISH = `mutation ($input: CreatePublishRunInput!) { createPublishRun(input: $input) { api { state } } }`;
const API = `query ($id: ID!) { api(id: $id) { state latestPublishRun { id } } }`;

const loadCoupon = async (configRegion: string, couponCode: string) =>
  expect((await t.graphql(LOAD, { input: { awsAccountId: "123456789012", configRegion, couponCode } }, admin.token)).errors).toBeUndefined();
const usedCoupons = async (region: string) =>
  (await t.graphql(`query ($region: String!) { accountCoupons(configRegion: $region, status: USED) { couponCode } }`, { region }, admin.token)).data.accountCoupons.map(
    (coupon: { couponCode: string }) => coupon.couponCode,
  );

/** A Frankfurt project (the default region) with a publishable model. */
async function project() {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id region } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Shop" } }, owner.token);
  const { id: apiId, region } = created.data.createApi.api;
  expect(region).toBe("eu-central-1");
  await t.graphql(`mutation ($input: UpdateApiInput!) { updateApi(input: $input) { id } }`, { input: { id: apiId, schema: JSON.stringify(publishableModel(1)) } }, owner.token);
  const publish = () => t.graphql(PUBLISH, { input: { apiId } }, owner.token);
  const read = async () => (await t.graphql(API, { id: apiId }, owner.token)).data.api;
  const published = () => expect.poll(async () => (await read()).state, { timeout: 10_000, interval: 20 }).toBe("PUBLISHED");
  return { publish, read, published };
}

it("publishes as before in a region without coupons, though another region has some", async () => {
  await loadCoupon("us-east-1", "IAD-1");
  const shop = await project();
  expect((await shop.publish()).errors).toBeUndefined();
  await shop.published();
  expect(await usedCoupons("us-east-1")).toEqual([]);
});

it("redeems the region's coupon at a project's first publish only, and refuses a first publish when none is left", async () => {
  await loadCoupon("eu-central-1", "FRA-1");
  const first = await project();
  expect((await first.publish()).errors).toBeUndefined();
  expect(await usedCoupons("eu-central-1")).toEqual(["FRA-1"]);
  await first.published();
  // A republish claims nothing more.
  expect((await first.publish()).errors).toBeUndefined();
  await first.published();

  const second = await project();
  const refused = await second.publish();
  expect(refused.errors?.[0].message).toBe("Failed to redeem coupon. No valid coupons available for region eu-central-1.");
  expect(refused.errors?.[0].extensions).toMatchObject({ code: "CONFLICT", messageId: "error_coupon_unavailable" });
  expect(await second.read()).toEqual({ state: "INITIALIZED", latestPublishRun: null });

  await loadCoupon("eu-central-1", "FRA-2");
  expect((await second.publish()).errors).toBeUndefined();
  expect((await usedCoupons("eu-central-1")).sort()).toEqual(["FRA-1", "FRA-2"]);
  await second.published();
});
