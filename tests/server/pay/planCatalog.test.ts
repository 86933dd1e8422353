// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, uniqueEmail, type TestPlatform } from "../harness";
import { insertRole } from "../../../server/role/store";

/** Checkouts are paid as they are created (PAY_TEST_AUTOMATION), so each plan can be subscribed to in one call. */
let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ PAY_TEST_AUTOMATION: "true" });
});
afterAll(async () => {
  await t?.close();
});

const ADDRESS = JSON.stringify({ country: "DE", city: "Berlin", line1: "Hauptstraße 1", postalCode: "10115" });
const RETENTION = `query ($id: ID!) { api(id: $id) { retentionInDays plan bundleSubscriptions { id status } } }`;
const CANCEL = `mutation ($input: DeleteBundleSubscriptionInput!) { deleteBundleSubscription(input: $input) { id status } }`;

async function subscribedProject(bundleType: string) {
  const owner = await t.signUp(uniqueEmail("owner"));
  const org = await t.graphql(`mutation ($input: CreateOrgInput!) { createOrg(input: $input) { org { id } } }`, { input: { name: "Acme" } }, owner.token);
  const orgId = org.data.createOrg.org.id as string;
  const created = await t.graphql(`mutation ($input: CreateApiInput!) { createApi(input: $input) { api { id } } }`, { input: { orgId, name: "Shop" } }, owner.token);
  const apiId = created.data.createApi.api.id as string;
  await t.graphql(
    `mutation ($input: CreateBillingAccountInput!) { createBillingAccount(input: $input) { id } }`,
    { input: { orgId, name: "Acme GmbH", billingEmail: "billing@acme.example", billingAddress: ADDRESS } },
    owner.token,
  );
  const checkout = await t.graphql(
    `mutation ($input: CreateCheckoutSessionInput!) { createCheckoutSession(input: $input) { checkoutSession { sessionId } } }`,
    { input: { apiId, bundleType, billingInterval: "MONTH" } },
    owner.token,
  );
  const subscribed = await t.graphql(
    `mutation ($input: CreateBundleSubscriptionInput!) { createBundleSubscription(input: $input) { id } }`,
    { input: { apiId, checkoutSessionId: checkout.data.createCheckoutSession.checkoutSession.sessionId } },
    owner.token,
  );
  expect(subscribed.errors).toBeUndefined();
  return { ...owner, orgId, apiId, subscriptionId: subscribed.data.createBundleSubscription.id as string };
}

/** Days of history a benefit line promises, read as a person reads it. */
function promisedDays(benefits: { lang: string; description: string }[], lang: "EN" | "DE") {
  const texts = benefits.filter((benefit) => benefit.lang === lang).map((benefit) => benefit.description);
  const pattern = lang === "EN" ? /^Activity history of (?:(24) hours|(\d+) days)$/ : /^Aktivitätsverlauf von (?:(24) Stunden|(\d+) Tagen)$/;
  const matches = texts.map((text) => pattern.exec(text)).filter((match) => match !== null);
  expect(matches, `${lang}: exactly one activity-history benefit in ${JSON.stringify(texts)}`).toHaveLength(1);
  const [, hours, days] = matches[0]!;
  return hours ? 1 : Number(days);
}

describe("plan benefits and retention come from one source", () => {
  it("every plan keeps the activity history its card lists, in English and German; Scale keeps at least what Pro keeps", async () => {
    const owner = await t.signUp(uniqueEmail("viewer"));
    const listed = await t.graphql(`{ productBundles { type products { type benefits { lang description } } } }`, {}, owner.token);
    const promised: Record<string, number> = {};
    for (const bundle of listed.data.productBundles) {
      const benefits = bundle.products.find((product: { type: string }) => product.type === "BUNDLE").benefits;
      const days = promisedDays(benefits, "EN");
      expect(promisedDays(benefits, "DE")).toBe(days);
      const project = await subscribedProject(bundle.type);
      const api = await t.graphql(RETENTION, { id: project.apiId }, project.token);
      expect(api.data.api.retentionInDays, bundle.type).toBe(days);
      promised[bundle.type] = days;
    }
    expect(promised.SCALE).toBeGreaterThanOrEqual(promised.PROFESSIONAL);
    expect(promised.PROFESSIONAL).toBe(14);
    expect(promised.STARTER).toBe(1);
  });
});

describe("the product catalog's fields (spec §3 Price, Product; §9 pricing models)", () => {
  it("prices name their price, currency and pricing model, metered ones their tiers; products their preselected price", async () => {
    const owner = await t.signUp(uniqueEmail("viewer"));
    const result = await t.graphql(
      `{ productBundles { type products { usageType selectedPricingIndex prices { id price currency pricingModel unitAmount reservedUnits billingInterval tiers { upTo unitAmount } } } } }`,
      {},
      owner.token,
    );
    expect(result.errors).toBeUndefined();
    const pro = result.data.productBundles.find((bundle: { type: string }) => bundle.type === "PROFESSIONAL");
    const [licensed, metered] = pro.products;
    expect(licensed.prices.map((price: { price: string; currency: string; pricingModel: string; tiers: unknown[] }) => [price.price, price.currency, price.pricingModel, price.tiers])).toEqual([
      ["price_professional_month", "EUR", "PER_UNIT", []],
      ["price_professional_year", "EUR", "PER_UNIT", []],
    ]);
    // Spec §9: yearly billing is the default, so the yearly price is preselected; metered items use the monthly price.
    expect(licensed.prices[licensed.selectedPricingIndex].billingInterval).toBe("YEAR");
    expect(metered.prices[metered.selectedPricingIndex].billingInterval).toBe("MONTH");
    const [requests] = metered.prices;
    expect(requests.pricingModel).toBe("TIERED");
    expect(requests.tiers).toEqual([
      { upTo: requests.reservedUnits, unitAmount: 0 },
      { upTo: null, unitAmount: requests.unitAmount },
    ]);
  });
});

describe("deleteBundleSubscription (spec §7)", () => {
  it("cancels the plan at the provider and the project falls back to one day of history; again, it answers the same", async () => {
    const project = await subscribedProject("PROFESSIONAL");
    const cancelled = await t.graphql(CANCEL, { input: { id: project.subscriptionId } }, project.token);
    expect(cancelled.data.deleteBundleSubscription).toEqual({ id: project.subscriptionId, status: "CANCELED" });
    const api = await t.graphql(RETENTION, { id: project.apiId }, project.token);
    expect(api.data.api.retentionInDays).toBe(1);
    const provider = await t.platform.db
      .selectFrom("pay_subscriptions")
      .innerJoin("bundle_subscriptions", "bundle_subscriptions.payment_provider_id", "pay_subscriptions.id")
      .select("pay_subscriptions.status")
      .where("bundle_subscriptions.id", "=", project.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(provider.status).toBe("canceled");
    const again = await t.graphql(CANCEL, { input: { id: project.subscriptionId } }, project.token);
    expect(again.data.deleteBundleSubscription).toEqual({ id: project.subscriptionId, status: "CANCELED" });
  });

  it.each([
    ["ADMIN", "ok"],
    ["DEV", "FORBIDDEN"],
    ["CONTENT", "FORBIDDEN"],
    ["SUPPORT", "FORBIDDEN"],
    ["GUEST", "FORBIDDEN"],
  ] as const)("docs/ROLES.md plan.cancel: a %s member gets %s, and a refusal changes nothing", async (roleType, outcome) => {
    const project = await subscribedProject("PROFESSIONAL");
    const member = await t.signUp(uniqueEmail(roleType.toLowerCase()));
    await insertRole(t.platform.db, { orgId: project.orgId, email: member.email, type: roleType });
    const result = await t.graphql(CANCEL, { input: { id: project.subscriptionId } }, member.token);
    expect(result.errors?.[0].extensions?.code ?? "ok").toBe(outcome);
    const api = await t.graphql(RETENTION, { id: project.apiId }, project.token);
    expect(api.data.api.retentionInDays).toBe(outcome === "ok" ? 1 : 14);
    if (outcome !== "ok") expect(result.errors?.[0].extensions?.messageId).toBe("error_plan_cancel_forbidden");
  });

  it("refuses another workspace's subscription", async () => {
    const project = await subscribedProject("PROFESSIONAL");
    const stranger = await t.signUp(uniqueEmail("stranger"));
    const result = await t.graphql(CANCEL, { input: { id: project.subscriptionId } }, stranger.token);
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await t.graphql(RETENTION, { id: project.apiId }, project.token)).data.api.retentionInDays).toBe(14);
  });
});

describe("a project's addresses (spec §3 Api, §7)", () => {
  it("are null before publishing; then the GraphQL URL is the gateway plus 'graphql' and the realtime URL takes subscriptions", async () => {
    const project = await subscribedProject("STARTER");
    const FIELDS = `query ($id: ID!) { api(id: $id) { graphqlUrl externalId apiGatewayUrl apiGatewayWsUrl realtimeUrl } }`;
    const before = await t.graphql(FIELDS, { id: project.apiId }, project.token);
    expect(before.data.api).toEqual({ graphqlUrl: null, externalId: null, apiGatewayUrl: null, apiGatewayWsUrl: null, realtimeUrl: null });
    // What the publishing pipeline writes on the first publish.
    await t.platform.db.updateTable("apis").set({ graphql_url: `${t.url}/p/${project.apiId}/graphql` }).where("id", "=", project.apiId).execute();
    const after = (await t.graphql(FIELDS, { id: project.apiId }, project.token)).data.api;
    expect(after.apiGatewayUrl + "graphql").toBe(after.graphqlUrl);
    expect(after.externalId).toBe(project.apiId);
    expect(after.apiGatewayWsUrl).toBe(after.apiGatewayUrl.replace(/^http/, "ws"));
    expect(after.realtimeUrl).toBe(after.graphqlUrl.replace(/^http/, "ws"));
  });
});
