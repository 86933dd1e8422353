// @vitest-environment node
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";

const operator = uniqueEmail("operator");
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ SUPERUSER_EMAILS: operator });
});
afterAll(async () => {
  await t?.close();
});

const LOAD = `mutation ($input: CreateAccountCouponInput!) { createAccountCoupon(input: $input) { couponCode status } }`;
const REDEEM = `mutation ($input: CreateCouponRedemptionInput!) { createCouponRedemption(input: $input) { couponCode redeemedById redeemedByType } }`;

it("redeems the region's newest valid coupon once per coupon, then refuses with the spec's message", async () => {
  const admin = await t.signUp(operator);
  const owner = await t.signUp(uniqueEmail("owner"));
  const refused = await t.graphql(LOAD, { input: { awsAccountId: "111", configRegion: "eu-central-1", couponCode: "X" } }, owner.token);
  expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  await t.graphql(LOAD, { input: { awsAccountId: "111", configRegion: "eu-central-1", couponCode: "FRA-1" } }, admin.token);
  await t.graphql(LOAD, { input: { awsAccountId: "222", configRegion: "us-east-1", couponCode: "IAD-1" } }, admin.token);

  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId: org.data.createOrg.org.id, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id;

  const redeemed = await t.graphql(REDEEM, { input: { apiId } }, owner.token);
  expect(redeemed.data.createCouponRedemption).toEqual({ couponCode: "FRA-1", redeemedById: apiId, redeemedByType: "api" });
  const listed = await t.graphql(`{ accountCoupons(configRegion: "eu-central-1", status: USED) { couponCode status } }`, {}, admin.token);
  expect(listed.data.accountCoupons).toEqual([{ couponCode: "FRA-1", status: "USED" }]);

  // The only other coupon is for another region.
  const none = await t.graphql(REDEEM, { input: { apiId } }, owner.token);
  expect(none.errors?.[0].message).toBe("Failed to redeem coupon. No valid coupons available for region eu-central-1.");
  expect(none.errors?.[0].extensions).toMatchObject({ code: "CONFLICT", messageId: "error_coupon_unavailable", values: { region: "eu-central-1" } });

  const stranger = await t.signUp(uniqueEmail("stranger"));
  expect((await t.graphql(REDEEM, { input: { apiId } }, stranger.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
});
