import type { DbOrTx } from "../db/database";
import type { CatalogBundle } from "./catalog";
import type { LineItem } from "../../src/domain/pay/plans";

/**
 * What the platform asks of a payment provider. The built-in test provider (./builtIn.ts)
 * implements it on the platform's database; a Stripe adapter would implement the same calls
 * against Stripe's API (customers, checkout sessions, subscriptions, subscription items).
 * Every method may throw; the platform then answers 'Payment provider is busy.' (./busy.ts).
 */
export interface PaymentProvider {
  /** The plans on offer, ascending by price. */
  productBundles(): readonly CatalogBundle[];
  /** The customer (cus_…) of a billing account, created on first use. */
  ensureCustomer(tx: DbOrTx, billingAccount: { id: string }): Promise<string>;
  /**
   * A checkout for a subscription with a free trial; the customer pays at `url`. `completed`
   * when the provider finished it at once (test automation): `url` is then the success URL.
   */
  createCheckoutSession(tx: DbOrTx, request: CheckoutRequest): Promise<{ id: string; url: string; expiresAt: Date; completed?: boolean }>;
  /** The checkout's state; `subscriptionId` once paid. */
  checkoutSession(tx: DbOrTx, id: string): Promise<ProviderCheckout | null>;
  /** Cancels a subscription (project deletion). */
  cancelSubscription(tx: DbOrTx, subscriptionId: string): Promise<void>;
  /** Adds an item to a subscription; returns the item id (si_…). */
  createSubscriptionItem(tx: DbOrTx, subscriptionId: string, priceId: string, quantity: number): Promise<string>;
}

export interface CheckoutRequest {
  customerId: string;
  orgId: string;
  bundleType: string;
  billingInterval: "MONTH" | "YEAR";
  lineItems: LineItem[];
  /** The amount each period costs, in minor units. */
  amount: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderCheckout {
  id: string;
  status: "open" | "complete" | "expired";
  customerId: string;
  subscriptionId: string | null;
  itemIds: string[];
  trialEndsAt: Date | null;
}
