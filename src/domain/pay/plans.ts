/**
 * Plans and their prices (spec §3 ProductBundle, §9): shared by the bundles step, which shows
 * them, and the server, which turns a choice into the checkout's line items itself.
 */

export const PLAN_TIERS = ["LAUNCH", "MVP", "PROFESSIONAL", "SCALE", "SCALEUP", "SEED", "STARTER", "STARTUP"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export type Interval = "MONTH" | "YEAR";

/** Spec §9: the default is professional, billed yearly; 14-day free trial; yearly is 20% cheaper. */
export const DEFAULT_PLAN: PlanTier = "PROFESSIONAL";
export const DEFAULT_INTERVAL: Interval = "YEAR";
export const TRIAL_DAYS = 14;
export const YEARLY_DISCOUNT_PERCENT = 20;

/**
 * Days of activity history each plan keeps: the one source of both the retention rule and the
 * benefit the plan card lists (./retentionBenefit). Spec §9: 14 with the pro bundle, else 1; a
 * plan above Pro keeps at least what Pro keeps, so Scale keeps 14 too.
 */
export const RETENTION_DAYS: Readonly<Record<PlanTier, number>> = {
  LAUNCH: 1,
  MVP: 1,
  SEED: 1,
  STARTER: 1,
  STARTUP: 1,
  PROFESSIONAL: 14,
  SCALE: 14,
  SCALEUP: 14,
};
/** Without a plan (or after cancelling it) a project keeps the default window of one day. */
export const DEFAULT_RETENTION_DAYS = 1;

export const retentionInDaysFor = (plan: PlanTier | null | undefined) => (plan ? RETENTION_DAYS[plan] : DEFAULT_RETENTION_DAYS);

/** The benefit line for a retention window: 24 hours for one day, else in days. */
export function retentionBenefit(days: number, language: "EN" | "DE"): string {
  if (language === "DE") return days === 1 ? "Aktivitätsverlauf von 24 Stunden" : `Aktivitätsverlauf von ${days} Tagen`;
  return days === 1 ? "Activity history of 24 hours" : `Activity history of ${days} days`;
}

export interface PlanPrice {
  id: string;
  unitAmount: number;
  billingInterval: string;
}

export interface PlanProduct<P extends PlanPrice = PlanPrice> {
  /** LICENSED or METERED. */
  usageType: string;
  prices: readonly P[];
}

export interface LineItem {
  price: string;
  quantity?: number;
}

const priceFor = <P extends PlanPrice>(product: PlanProduct<P>, interval: Interval) => product.prices.find((price) => price.billingInterval === interval);

/**
 * Spec §7 createCheckoutSession and §9: licensed products at quantity 1 in the chosen interval;
 * metered products without quantity at the monthly price — for yearly billing they go to the
 * metadata instead of the line items.
 */
export function checkoutLineItems(products: readonly PlanProduct[], interval: Interval): { lineItems: LineItem[]; meteredItems: LineItem[] } {
  const lineItems: LineItem[] = [];
  const meteredItems: LineItem[] = [];
  for (const product of products) {
    if (product.usageType === "LICENSED") {
      const price = priceFor(product, interval);
      if (price) lineItems.push({ price: price.id, quantity: 1 });
    } else {
      const price = priceFor(product, "MONTH");
      if (price) (interval === "YEAR" ? meteredItems : lineItems).push({ price: price.id });
    }
  }
  return { lineItems, meteredItems };
}

/** The amount a licensed price shows per month: annual prices divided by 12 (spec §9). */
export const monthlyAmount = (price: Pick<PlanPrice, "unitAmount" | "billingInterval">) =>
  price.billingInterval === "YEAR" ? Math.round(price.unitAmount / 12) : price.unitAmount;

/** The licensed price of a bundle in an interval: what its card shows and a period costs. */
export function licensedPrice<P extends PlanPrice>(products: readonly PlanProduct<P>[], interval: Interval): P | undefined {
  for (const product of products) {
    if (product.usageType !== "LICENSED") continue;
    const price = priceFor(product, interval);
    if (price) return price;
  }
  return undefined;
}

/** Spec §9: benefits in EN and DE, falling back to EN. */
export function benefitsIn<T extends { lang: string; description: string }>(benefits: readonly T[], language: "EN" | "DE"): string[] {
  const own = benefits.filter((benefit) => benefit.lang === language);
  return (own.length > 0 ? own : benefits.filter((benefit) => benefit.lang === "EN")).map((benefit) => benefit.description);
}
