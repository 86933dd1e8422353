import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";

export type CheckoutSessionRow = Selectable<Tables["checkout_sessions"]>;
type BundleSubscriptionRow = Selectable<Tables["bundle_subscriptions"]>;

export function toCheckoutSession(row: CheckoutSessionRow, status: "OPEN" | "COMPLETE" | "EXPIRED") {
  return {
    id: row.id,
    apiId: row.api_id,
    orgId: row.org_id,
    paymentProviderId: row.payment_provider_id,
    sessionId: row.session_id,
    expiresAt: row.expires_at,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    metadata: row.metadata,
    lineItems: row.line_items,
    bundleType: row.bundle_type,
    billingInterval: row.billing_interval,
    products: row.products,
    description: row.description,
    status,
    createdAt: row.created_at,
  };
}

export function toBundleSubscription(row: BundleSubscriptionRow) {
  return {
    id: row.id,
    createdAt: row.created_at,
    paymentProviderId: row.payment_provider_id,
    paymentProviderSubscriptionItemIds: row.item_ids,
    paymentProviderCheckoutSessionId: row.checkout_session_id,
    bundleType: row.bundle_type,
    billingInterval: row.billing_interval,
    lineItems: row.line_items,
    products: row.products,
    status: row.status,
    trialEndsAt: row.trial_ends_at,
  };
}

/** The newest checkout of a project that has not expired (spec §4: it restores the plan). */
export async function latestOpenCheckout(db: DbOrTx, apiId: string, now = new Date()) {
  return db
    .selectFrom("checkout_sessions")
    .selectAll()
    .where("api_id", "=", apiId)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function bundleSubscriptionsOf(db: DbOrTx, apiId: string) {
  return db.selectFrom("bundle_subscriptions").selectAll().where("api_id", "=", apiId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function findBundleSubscriptionBySession(db: DbOrTx, checkoutSessionId: string) {
  return db.selectFrom("bundle_subscriptions").selectAll().where("checkout_session_id", "=", checkoutSessionId).executeTakeFirst();
}
