// @vitest-environment node
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ PAY_TEST_AUTOMATION: "true" });
});
afterAll(async () => {
  await t?.close();
});

it("under test automation the checkout is paid at once and Continue goes straight to project-setup-publishing with session_id (spec §2)", async () => {
  const owner = await t.signUp(uniqueEmail("robot"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id;
  await t.graphql(
    `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
    { input: { orgId, name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: JSON.stringify({ country: "DE", city: "Berlin", line1: "Weg 1", postalCode: "10115" }) } },
    owner.token,
  );
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id;
  const checkout = await t.graphql(
    `mutation ($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { sessionUrl checkoutSession { sessionId } } }`,
    { input: { apiId, bundleType: "PROFESSIONAL", billingInterval: "YEAR" } },
    owner.token,
  );
  const { sessionUrl, checkoutSession } = checkout.data.createCheckoutSession;
  expect(sessionUrl).toBe(`${t.url}/api-setup/${apiId}/publishing?session_id=${checkoutSession.sessionId}`);
  const subscribed = await t.graphql(
    `mutation ($input: CreateBundleSubscriptionInput!) { createBundleSubscription(input: $input) { bundleType } }`,
    { input: { apiId, checkoutSessionId: checkoutSession.sessionId } },
    owner.token,
  );
  expect(subscribed.data.createBundleSubscription.bundleType).toBe("PROFESSIONAL");
});
