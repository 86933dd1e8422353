// @vitest-environment node
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { createBuiltInProvider } from "../../../server/pay/builtIn";

let t: TestPlatform;
beforeAll(async () => {
  // A provider whose checkout call fails, as an outside provider that is down would.
  const builtIn = createBuiltInProvider();
  t = await startTestPlatform({}, { paymentProvider: { ...builtIn, createCheckoutSession: async () => Promise.reject(new Error("503 from provider")) } });
});
afterAll(async () => {
  await t?.close();
});

it("answers 'Payment provider is busy. Please try again later.' when the provider fails, and keeps no draft", async () => {
  const owner = await t.signUp(uniqueEmail("busy"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id;
  await t.graphql(
    `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
    { input: { orgId, name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: JSON.stringify({ country: "DE", city: "Berlin", line1: "Weg 1", postalCode: "10115" }) } },
    owner.token,
  );
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id;
  const result = await t.graphql(
    `mutation ($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { sessionUrl } }`,
    { input: { apiId, bundleType: "PROFESSIONAL", billingInterval: "YEAR" } },
    owner.token,
  );
  expect(result.errors?.[0].message).toBe("Payment provider is busy. Please try again later.");
  expect(result.errors?.[0].extensions).toMatchObject({ code: "UNAVAILABLE", messageId: "error_payment_provider_busy" });
  const api = await t.graphql(`query ($id: ID!) { api(id: $id) { checkoutDraft { id } } }`, { id: apiId }, owner.token);
  expect(api.data.api.checkoutDraft).toBeNull();
});
