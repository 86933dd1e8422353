import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../db/database";
import { insertInvoice } from "../billing/store";
import { parseBillingAddress } from "../../src/domain/billing";
import { findBundle, PRODUCT_BUNDLES } from "./catalog";
import { buildInvoiceDetails, type InvoiceLine } from "./invoiceModel";
import { nextInvoiceNumber } from "./invoiceNumber";
import { DEFAULT_SELLER, type Seller } from "./seller";
import type { CheckoutRequest, PaymentProvider, ProviderCheckout } from "./provider";
import { TRIAL_DAYS } from "../../src/domain/pay/plans";

/** Stripe-like ids: a prefix and letters and digits only (spec §5: customers match cus_…). */
export const providerId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** A checkout page stays open for a day, as Stripe's do by default. */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The built-in test provider: its records live in the platform's database (pay_… tables). Under
 * test automation a checkout is paid as soon as it is created, and its URL is the success URL.
 */
export function createBuiltInProvider(options: { testAutomation?: boolean; seller?: Seller } = {}): PaymentProvider {
  return {
    productBundles: () => PRODUCT_BUNDLES,

    async ensureCustomer(tx, billingAccount) {
      const existing = await tx.selectFrom("pay_customers").select("id").where("billing_account_id", "=", billingAccount.id).executeTakeFirst();
      if (existing) return existing.id;
      const id = providerId("cus");
      await tx.insertInto("pay_customers").values({ id, billing_account_id: billingAccount.id }).execute();
      return id;
    },

    async createCheckoutSession(tx, request: CheckoutRequest) {
      const id = providerId("cs");
      const expiresAt = new Date(Date.now() + CHECKOUT_LIFETIME_MS);
      await tx
        .insertInto("pay_checkout_sessions")
        .values({
          id,
          customer_id: request.customerId,
          org_id: request.orgId,
          line_items: JSON.stringify(request.lineItems),
          bundle_type: request.bundleType,
          billing_interval: request.billingInterval,
          amount: request.amount,
          currency: request.currency,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: expiresAt,
        })
        .execute();
      if (options.testAutomation) {
        await completeCheckout(tx, id, { seller: options.seller });
        return { id, url: successUrlOf(request.successUrl, id), expiresAt, completed: true };
      }
      // The checkout page is served where the member returns to, so the console's origin never changes on the way.
      return { id, url: `${new URL(request.successUrl).origin}/pay/checkout/${id}`, expiresAt };
    },

    async checkoutSession(tx, id) {
      const row = await tx.selectFrom("pay_checkout_sessions").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      const subscription = row.subscription_id
        ? await tx.selectFrom("pay_subscriptions").select(["trial_ends_at"]).where("id", "=", row.subscription_id).executeTakeFirst()
        : undefined;
      const items = row.subscription_id
        ? await tx.selectFrom("pay_subscription_items").select("id").where("subscription_id", "=", row.subscription_id).orderBy("created_at").orderBy("id").execute()
        : [];
      const status: ProviderCheckout["status"] = row.status === "open" && row.expires_at.getTime() <= Date.now() ? "expired" : (row.status as ProviderCheckout["status"]);
      return {
        id: row.id,
        status,
        customerId: row.customer_id,
        subscriptionId: row.subscription_id,
        itemIds: items.map((item) => item.id),
        trialEndsAt: subscription?.trial_ends_at ?? null,
      };
    },

    async cancelSubscription(tx, subscriptionId) {
      await tx.updateTable("pay_subscriptions").set({ status: "canceled" }).where("id", "=", subscriptionId).execute();
    },

    async createSubscriptionItem(tx, subscriptionId, priceId, quantity) {
      const id = providerId("si");
      await tx.insertInto("pay_subscription_items").values({ id, subscription_id: subscriptionId, price_id: priceId, quantity }).execute();
      return id;
    },
  };
}

/**
 * The test card form was submitted for an open checkout: the subscription starts with its free
 * trial and its items, and the trial's invoice (0.00, paid) is written, as Stripe writes one.
 */
export async function completeCheckout(tx: DbOrTx, sessionId: string, options: { now?: Date; seller?: Seller } = {}) {
  const now = options.now ?? new Date();
  const session = await tx.selectFrom("pay_checkout_sessions").selectAll().where("id", "=", sessionId).forUpdate().executeTakeFirstOrThrow();
  if (session.status !== "open") return session;
  const subscriptionId = providerId("sub");
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  await tx
    .insertInto("pay_subscriptions")
    .values({
      id: subscriptionId,
      customer_id: session.customer_id,
      checkout_session_id: session.id,
      bundle_type: session.bundle_type,
      billing_interval: session.billing_interval,
      amount: session.amount,
      currency: session.currency,
      status: "trialing",
      trial_ends_at: trialEndsAt,
      current_period_end: trialEndsAt,
    })
    .execute();
  for (const item of session.line_items) {
    await tx
      .insertInto("pay_subscription_items")
      .values({ id: providerId("si"), subscription_id: subscriptionId, price_id: item.price, quantity: item.quantity ?? null })
      .execute();
  }
  await writeInvoice(tx, options.seller ?? DEFAULT_SELLER, subscriptionId, { kind: "TRIAL", start: now, end: trialEndsAt });
  return tx
    .updateTable("pay_checkout_sessions")
    .set({ status: "complete", subscription_id: subscriptionId })
    .where("id", "=", session.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Where the provider sends the browser back: the template with the checkout's id (Stripe's {CHECKOUT_SESSION_ID}). */
export const successUrlOf = (template: string, sessionId: string) => template.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId));

/** Every subscription whose period has ended is billed for the next one: one paid invoice per period. */
export async function billDuePeriods(tx: DbOrTx, now = new Date(), seller: Seller = DEFAULT_SELLER) {
  const due = await tx
    .selectFrom("pay_subscriptions")
    .selectAll()
    .where("status", "in", ["trialing", "active"])
    .where("current_period_end", "<=", now)
    .forUpdate()
    .execute();
  for (const subscription of due) {
    let periodEnd = subscription.current_period_end;
    while (periodEnd.getTime() <= now.getTime()) {
      // Billed in advance: the invoice written at a period's start is for that period.
      const next = nextPeriodEnd(periodEnd, subscription.billing_interval);
      await writeInvoice(tx, seller, subscription.id, { kind: subscription.billing_interval === "YEAR" ? "YEAR" : "MONTH", start: periodEnd, end: next });
      periodEnd = next;
    }
    await tx.updateTable("pay_subscriptions").set({ status: "active", current_period_end: periodEnd }).where("id", "=", subscription.id).execute();
  }
  return due.length;
}

function nextPeriodEnd(from: Date, interval: string): Date {
  const next = new Date(from);
  if (interval === "YEAR") next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * One invoice for one period of a subscription: a line per licensed product at its price (the
 * trial's lines at 0), tax by the buyer's address, the seller's next number, the buyer and seller
 * as they are now. Metered items are not measured by the built-in provider, so they add no line.
 */
async function writeInvoice(tx: DbOrTx, seller: Seller, subscriptionId: string, period: { kind: InvoiceLine["kind"]; start: Date; end: Date }) {
  const subscription = await tx
    .selectFrom("pay_subscriptions")
    .innerJoin("pay_customers", "pay_customers.id", "pay_subscriptions.customer_id")
    .innerJoin("billing_accounts", "billing_accounts.id", "pay_customers.billing_account_id")
    .select([
      "pay_subscriptions.bundle_type",
      "pay_subscriptions.currency",
      "billing_accounts.id as billing_account_id",
      "billing_accounts.name",
      "billing_accounts.billing_email",
      "billing_accounts.billing_address",
      "billing_accounts.vat_id",
    ])
    .where("pay_subscriptions.id", "=", subscriptionId)
    .executeTakeFirstOrThrow();
  const items = await tx.selectFrom("pay_subscription_items").select(["price_id", "quantity"]).where("subscription_id", "=", subscriptionId).orderBy("created_at").orderBy("id").execute();
  const products = findBundle(subscription.bundle_type)?.products ?? [];
  const lines: InvoiceLine[] = [];
  for (const item of items) {
    const product = products.find((candidate) => candidate.usageType === "LICENSED" && candidate.prices.some((price) => price.id === item.price_id));
    const price = product?.prices.find((candidate) => candidate.id === item.price_id);
    if (!product || !price) continue;
    const quantity = item.quantity ?? 1;
    const unitAmount = period.kind === "TRIAL" ? 0 : price.unitAmount;
    lines.push({
      product: product.displayName,
      kind: period.kind,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      quantity,
      unitAmount,
      amount: unitAmount * quantity,
      currency: price.currency,
    });
  }
  const address = parseBillingAddress(subscription.billing_address);
  const details = buildInvoiceDetails({
    number: await nextInvoiceNumber(tx, seller),
    issuedAt: period.start,
    seller,
    buyer: {
      name: subscription.name,
      email: subscription.billing_email,
      addressLines: [address.line1, address.line2, `${address.postalCode} ${address.city}`.trim()].filter(Boolean),
      country: address.country,
      vatId: subscription.vat_id ?? "",
    },
    lines,
  });
  const total = details.totals.find((candidate) => candidate.currency === subscription.currency) ?? details.totals[0];
  const row = await insertInvoice(tx, {
    billingAccountId: subscription.billing_account_id,
    paymentProviderInvoiceId: providerId("in"),
    date: period.start,
    status: "paid",
    amountPaid: total?.gross ?? 0,
    currency: total?.currency ?? subscription.currency,
    number: details.number,
    details,
  });
  // The PDF is drawn from the invoice's details when downloaded (./invoicePdf.ts); the address is the platform's own.
  await tx.updateTable("invoices").set({ invoice_pdf: `/pay/invoices/${row.id}.pdf` }).where("id", "=", row.id).execute();
}
