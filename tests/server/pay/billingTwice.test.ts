// @vitest-environment node
import { afterAll, beforeAll, expect, it } from "vitest";
import { billDuePeriods } from "../../../server/pay/builtIn";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";

/**
 * Every server runs the built-in provider's billing each hour (server/app.ts). Two runs at once —
 * two servers, or a slow run and the next — must bill each period once: the first locks the due
 * subscriptions, the second waits and then finds them no longer due (on PostgreSQL; PGlite runs
 * one transaction at a time).
 */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t?.close());

it("two billing runs at once write each period's invoice once", async () => {
  const owner = await t.signUp(uniqueEmail("payer"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id as string;
  await t.graphql(
    `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
    { input: { orgId, name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: JSON.stringify({ country: "DE", city: "Berlin", line1: "Hauptstraße 1", postalCode: "10115" }) } },
    owner.token,
  );
  const checkout = await t.graphql(
    `mutation ($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { sessionUrl } }`,
    { input: { apiId, bundleType: "SCALE", billingInterval: "MONTH" } },
    owner.token,
  );
  const url = new URL(checkout.data.createCheckoutSession.sessionUrl);
  await fetch(`${t.url}${url.pathname}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: url.searchParams.get("token")!, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" }),
  });

  const afterTrial = new Date(Date.now() + 15 * 24 * 3600 * 1000);
  const run = () => t.platform.db.transaction().execute((tx) => billDuePeriods(tx, afterTrial));
  const billed = await Promise.all([run(), run()]);
  expect(billed.sort()).toEqual([0, 1]);
  const invoices = await t.graphql(`query ($id: ID!) { org(id: $id) { billingAccount { invoices { totalCount } } } }`, { id: orgId }, owner.token);
  // The trial's invoice and the first paid period's, once each.
  expect(invoices.data.org.billingAccount.invoices.totalCount).toBe(2);
});
