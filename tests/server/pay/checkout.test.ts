// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { billDuePeriods } from "../../../server/pay/builtIn";
import { insertRole } from "../../../server/role/store";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const CHECKOUT = `mutation ($input: CreateCheckoutSessionInput!) {
  createCheckoutSession(input: $input) { sessionUrl checkoutSession { id sessionId bundleType billingInterval lineItems { price quantity } metadata products status expiresAt } }
}`;
const CONTINUE = `mutation ($input: UpdateCheckoutSessionInput!) { updateCheckoutSession(input: $input) { sessionUrl checkoutSession { id sessionId } } }`;
const SUBSCRIBE = `mutation ($input: CreateBundleSubscriptionInput!) {
  createBundleSubscription(input: $input) { id paymentProviderId bundleType status products paymentProviderSubscriptionItemIds }
}`;
const ADDRESS = JSON.stringify({ country: "DE", city: "Berlin", line1: "Hauptstraße 1", postalCode: "10115" });

async function ownerWithProject(withAddress: boolean) {
  const owner = await t.signUp(uniqueEmail("payer"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } billingAccount { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  if (withAddress) await saveAddress(owner.token, orgId);
  return { ...owner, orgId, apiId: created.data.createApi.api.id as string };
}

async function saveAddress(token: string, orgId: string) {
  const saved = await t.graphql(
    `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
    { input: { orgId, name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: ADDRESS } },
    token,
  );
  expect(saved.errors).toBeUndefined();
}

const capability = (sessionUrl: string) => new URL(sessionUrl).searchParams.get("token")!;
const pay = (sessionUrl: string, cardNumber: string) => {
  const url = new URL(sessionUrl);
  return fetch(`${t.url}${url.pathname}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: capability(sessionUrl), cardNumber, expiry: "12/34", cvc: "123" }),
  });
};

describe("product bundles (spec §7, §9)", () => {
  it("offers Starter, Pro and Scale with licensed and metered prices in EUR, monthly and yearly, with a 14-day trial", async () => {
    const owner = await t.signUp(uniqueEmail("viewer"));
    const result = await t.graphql(
      `{ productBundles { type trialDays products { name displayName usageType benefits { lang description } prices { billingInterval unitAmount currency usageType } } } }`,
      {},
      owner.token,
    );
    const bundles = result.data.productBundles;
    expect(bundles.map((bundle: { type: string }) => bundle.type)).toEqual(["STARTER", "PROFESSIONAL", "SCALE"]);
    const pro = bundles[1];
    expect(pro.trialDays).toBe(14);
    expect(pro.products[0]).toMatchObject({ name: "professional_bundle", displayName: "Pro", usageType: "LICENSED" });
    const [monthly, yearly] = pro.products[0].prices;
    // Yearly billing is 20% cheaper than twelve months.
    expect(yearly.unitAmount).toBe(Math.round(monthly.unitAmount * 12 * 0.8));
    expect(pro.products[1]).toMatchObject({ usageType: "METERED" });
    expect(pro.products[0].benefits.some((benefit: { lang: string }) => benefit.lang === "DE")).toBe(true);
  });

  it("answers only signed-in callers", async () => {
    const result = await t.graphql(`{ productBundles { type } }`);
    expect(result.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("checkout sessions", () => {
  it("without a billing address the plan is kept as a draft and Continue is refused with the first billing problem", async () => {
    const owner = await ownerWithProject(false);
    const created = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "PROFESSIONAL", billingInterval: "YEAR" } }, owner.token);
    expect(created.errors).toBeUndefined();
    const draft = created.data.createCheckoutSession;
    expect(draft.sessionUrl).toBeNull();
    // Spec §9: licensed at quantity 1; yearly metered items go to the metadata at the monthly price.
    expect(draft.checkoutSession.lineItems).toEqual([{ price: "price_professional_year", quantity: 1 }]);
    expect(JSON.parse(draft.checkoutSession.metadata)).toEqual([{ price: "price_professional_requests_month" }]);

    const refused = await t.graphql(CONTINUE, { input: { id: draft.checkoutSession.id } }, owner.token);
    expect(refused.errors?.[0].extensions?.messageId).toBe("error_billing_requires_country");

    // The draft restores the plan (spec §4).
    const api = await t.graphql(`query ($id: ID!) { api(id: $id) { checkoutDraft { bundleType billingInterval } } }`, { id: owner.apiId }, owner.token);
    expect(api.data.api.checkoutDraft).toEqual({ bundleType: "PROFESSIONAL", billingInterval: "YEAR" });

    await saveAddress(owner.token, owner.orgId);
    const opened = await t.graphql(CONTINUE, { input: { id: draft.checkoutSession.id } }, owner.token);
    expect(opened.data.updateCheckoutSession.sessionUrl).toMatch(new RegExp(`^${t.url}/pay/checkout/cs_[a-f0-9]+\\?token=`));
    const account = await t.graphql(`query ($id: ID!) { org(id: $id) { billingAccount { paymentProviderId } } }`, { id: owner.orgId }, owner.token);
    expect(account.data.org.billingAccount.paymentProviderId).toMatch(/^cus_[a-f0-9]+$/);
  });

  it("the checkout page passes the CSP without scripts, pays with the test card and returns to the publishing route with session_id", async () => {
    const owner = await ownerWithProject(true);
    const created = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "PROFESSIONAL", billingInterval: "MONTH" } }, owner.token);
    const { sessionUrl, checkoutSession } = created.data.createCheckoutSession;
    expect(checkoutSession.lineItems).toEqual([{ price: "price_professional_month", quantity: 1 }, { price: "price_professional_requests_month", quantity: null }]);

    const page = await fetch(sessionUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toContain("<script");
    expect(html).toContain("Subscribe to Pro");
    expect(await (await fetch(`${sessionUrl}&lang=de`)).text()).toContain("Pro abonnieren");

    // Before paying there is nothing to subscribe to.
    const early = await t.graphql(SUBSCRIBE, { input: { apiId: owner.apiId, checkoutSessionId: checkoutSession.sessionId } }, owner.token);
    expect(early.errors?.[0].extensions?.messageId).toBe("error_checkout_not_paid");

    const declined = await pay(sessionUrl, "4000000000000002");
    expect(declined.status).toBe(402);
    const paid = await pay(sessionUrl, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${t.url}/api-setup/${owner.apiId}/publishing?session_id=${checkoutSession.sessionId}`);

    const subscribed = await t.graphql(SUBSCRIBE, { input: { apiId: owner.apiId, checkoutSessionId: checkoutSession.sessionId } }, owner.token);
    expect(subscribed.data.createBundleSubscription).toMatchObject({ bundleType: "PROFESSIONAL", status: "TRIALING" });
    expect(subscribed.data.createBundleSubscription.paymentProviderId).toMatch(/^sub_/);
    expect(subscribed.data.createBundleSubscription.paymentProviderSubscriptionItemIds).toHaveLength(2);
    // Once per checkout: coming back again gives the same subscription.
    const again = await t.graphql(SUBSCRIBE, { input: { apiId: owner.apiId, checkoutSessionId: checkoutSession.sessionId } }, owner.token);
    expect(again.data.createBundleSubscription.id).toBe(subscribed.data.createBundleSubscription.id);

    // A second plan for the same project replaces the first: the provider cancels the earlier subscription.
    const second = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "PROFESSIONAL", billingInterval: "YEAR" } }, owner.token);
    await pay(second.data.createCheckoutSession.sessionUrl, "4242424242424242");
    const replaced = await t.graphql(SUBSCRIBE, { input: { apiId: owner.apiId, checkoutSessionId: second.data.createCheckoutSession.checkoutSession.sessionId } }, owner.token);
    const list = await t.graphql(`query ($id: ID!) { api(id: $id) { bundleSubscriptions { id status } } }`, { id: owner.apiId }, owner.token);
    expect(list.data.api.bundleSubscriptions).toEqual([
      { id: replaced.data.createBundleSubscription.id, status: "TRIALING" },
      { id: subscribed.data.createBundleSubscription.id, status: "CANCELED" },
    ]);
    const earlier = await t.platform.db.selectFrom("pay_subscriptions").select("status").where("id", "=", subscribed.data.createBundleSubscription.paymentProviderId).executeTakeFirstOrThrow();
    expect(earlier.status).toBe("canceled");

    // Spec §9: retentionInDays 14 with the Pro bundle.
    const api = await t.graphql(`query ($id: ID!) { api(id: $id) { retentionInDays plan checkoutDraft { id } } }`, { id: owner.apiId }, owner.token);
    expect(api.data.api).toEqual({ retentionInDays: 14, plan: "PROFESSIONAL", checkoutDraft: null });
  });

  it("keeps retention at 1 day with another plan, and the cancel link returns to the bundles step with session_id", async () => {
    const owner = await ownerWithProject(true);
    const created = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "STARTER", billingInterval: "YEAR" } }, owner.token);
    const { sessionUrl, checkoutSession } = created.data.createCheckoutSession;
    const cancelled = await fetch(`${t.url}${new URL(sessionUrl).pathname}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: capability(sessionUrl) }),
    });
    expect(cancelled.headers.get("location")).toBe(`${t.url}/project-publish/${owner.apiId}/bundles?session_id=${checkoutSession.sessionId}`);
    await pay(sessionUrl, "4242424242424242");
    await t.graphql(SUBSCRIBE, { input: { apiId: owner.apiId, checkoutSessionId: checkoutSession.sessionId } }, owner.token);
    const api = await t.graphql(`query ($id: ID!) { api(id: $id) { retentionInDays plan } }`, { id: owner.apiId }, owner.token);
    expect(api.data.api).toEqual({ retentionInDays: 1, plan: "STARTER" });
  });

  it("refuses another workspace: no checkout for its project, and its members cannot open or pay the page", async () => {
    const owner = await ownerWithProject(true);
    const stranger = await ownerWithProject(true);
    const foreign = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "STARTER", billingInterval: "YEAR" } }, stranger.token);
    expect(foreign.errors?.[0].extensions?.code).toBe("FORBIDDEN");

    const own = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "STARTER", billingInterval: "YEAR" } }, owner.token);
    const { sessionUrl } = own.data.createCheckoutSession;
    const path = new URL(sessionUrl).pathname;
    // Without the capability, or with one made for another checkout, the page is refused.
    expect((await fetch(`${t.url}${path}`)).status).toBe(403);
    const strangers = await t.graphql(CHECKOUT, { input: { apiId: stranger.apiId, bundleType: "STARTER", billingInterval: "YEAR" } }, stranger.token);
    const strangerToken = capability(strangers.data.createCheckoutSession.sessionUrl);
    expect((await fetch(`${t.url}${path}?token=${encodeURIComponent(strangerToken)}`)).status).toBe(403);
    const forged = `${capability(sessionUrl).split(".")[0]}.AAAA`;
    expect((await fetch(`${t.url}${path}?token=${encodeURIComponent(forged)}`)).status).toBe(403);
  });

  it.each([
    ["DEV", "ok"],
    ["CONTENT", "FORBIDDEN"],
    ["SUPPORT", "FORBIDDEN"],
    ["GUEST", "FORBIDDEN"],
  ] as const)("docs/ROLES.md plan.checkout: a %s member gets %s", async (roleType, outcome) => {
    const owner = await ownerWithProject(true);
    const member = await t.signUp(uniqueEmail(roleType.toLowerCase()));
    await insertRole(t.platform.db, { orgId: owner.orgId, email: member.email, type: roleType });
    const result = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "STARTER", billingInterval: "YEAR" } }, member.token);
    expect(result.errors?.[0].extensions?.code ?? "ok").toBe(outcome);
  });

  it("refuses a plan that does not exist", async () => {
    const owner = await ownerWithProject(true);
    const result = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "MVP", billingInterval: "YEAR" } }, owner.token);
    expect(result.errors?.[0].extensions?.messageId).toBe("error_checkout_requires_plan");
  });
});

describe("invoices", () => {
  it("each paid period writes an invoice whose PDF only the workspace's members download", async () => {
    const owner = await ownerWithProject(true);
    const created = await t.graphql(CHECKOUT, { input: { apiId: owner.apiId, bundleType: "SCALE", billingInterval: "MONTH" } }, owner.token);
    const { sessionUrl } = created.data.createCheckoutSession;
    await pay(sessionUrl, "4242424242424242");
    // The trial's invoice at once; then one per period once the trial has ended.
    await t.platform.db.transaction().execute((tx) => billDuePeriods(tx, new Date(Date.now() + 15 * 24 * 3600 * 1000)));

    const INVOICES = `query ($id: ID!) { org(id: $id) { billingAccount { invoices { totalCount edges { node { id amountPaid currency status invoicePdf } } } } } }`;
    const listed = await t.graphql(INVOICES, { id: owner.orgId }, owner.token);
    const invoices = listed.data.org.billingAccount.invoices;
    expect(invoices.totalCount).toBe(2);
    const amounts = invoices.edges.map((edge: { node: { amountPaid: number } }) => edge.node.amountPaid);
    // Scale's 399.00 a month plus 19 % VAT for a German workspace (tests/server/pay/invoices.test.ts).
    expect(amounts).toEqual([47481, 0]);
    const pdfPath = invoices.edges[0].node.invoicePdf as string;
    expect(pdfPath).toMatch(/^\/pay\/invoices\/inv_.+\.pdf$/);

    const download = await fetch(`${t.url}${pdfPath}`, { headers: { authorization: owner.token } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 4).toString()).toBe("%PDF");

    expect((await fetch(`${t.url}${pdfPath}`)).status).toBe(401);
    const stranger = await t.signUp(uniqueEmail("stranger"));
    expect((await fetch(`${t.url}${pdfPath}`, { headers: { authorization: stranger.token } })).status).toBe(404);
  });
});
