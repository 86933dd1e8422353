import { DEFAULT_INTERVAL, TRIAL_DAYS, retentionBenefit, retentionInDaysFor, type PlanTier } from "../../src/domain/pay/plans";

/**
 * The built-in provider's product bundles (spec §3 ProductBundle: STARTER, PROFESSIONAL
 * shown as Pro, SCALE), in EUR minor units. Each bundle has a licensed base product billed monthly
 * or yearly (yearly 20% below twelve months) and a metered product for requests above its
 * included units, billed monthly (spec §9 'Yearly metered items use the monthly price').
 */

/** A step of a tiered price: units up to `upTo` (null: all the rest) cost `unitAmount` each. */
export interface CatalogPriceTier {
  upTo: number | null;
  unitAmount: number;
}

export interface CatalogPrice {
  id: string;
  /** The price's id as line items name it (spec §3 Price.price). */
  price: string;
  unitAmount: number;
  currency: "EUR" | "USD";
  /** PER_UNIT: unitAmount per unit; TIERED: by the tiers (spec §3, §9 pricing models). */
  pricingModel: "PER_UNIT" | "TIERED";
  tiers: CatalogPriceTier[];
  usageType: "LICENSED" | "METERED";
  unitType: "OPS" | "QTY";
  reservedUnits: number | null;
  recurring: true;
  billingInterval: "MONTH" | "YEAR";
  paymentProviderId: string;
}

export interface CatalogProduct {
  id: string;
  name: string;
  displayName: string;
  description: string;
  icon: string | null;
  productBundleType: PlanTier;
  type: "BUNDLE" | "BASE" | "ADDON";
  usageType: "LICENSED" | "METERED";
  benefits: { description: string; lang: "EN" | "DE" }[];
  prices: CatalogPrice[];
  /** The price preselected in the bundles step: the default interval's for licensed products, the monthly one for metered. */
  selectedPricingIndex: number;
}

export interface CatalogBundle {
  id: string;
  name: string;
  type: PlanTier;
  freeTiers: string[];
  trialDays: number;
  products: CatalogProduct[];
}

const yearly = (monthly: number) => Math.round((monthly * 12 * 80) / 100);

function bundle(
  type: PlanTier,
  displayName: string,
  monthly: number,
  includedOps: number,
  opsPrice: number,
  benefits: { EN: string[]; DE: string[] },
): CatalogBundle {
  const key = type.toLowerCase();
  // The retention benefit is written from the retention rule itself, so the two cannot disagree.
  const retentionDays = retentionInDaysFor(type);
  const licensed = (interval: "MONTH" | "YEAR", amount: number): CatalogPrice => ({
    id: `price_${key}_${interval.toLowerCase()}`,
    price: `price_${key}_${interval.toLowerCase()}`,
    unitAmount: amount,
    currency: "EUR",
    pricingModel: "PER_UNIT",
    tiers: [],
    usageType: "LICENSED",
    unitType: "QTY",
    reservedUnits: null,
    recurring: true,
    billingInterval: interval,
    paymentProviderId: `price_${key}_${interval.toLowerCase()}`,
  });
  return {
    id: `bundle_${key}`,
    name: `${key}_bundle`,
    type,
    freeTiers: [],
    trialDays: TRIAL_DAYS,
    products: [
      {
        id: `prod_${key}_bundle`,
        name: `${key}_bundle`,
        displayName,
        description: displayName,
        icon: null,
        productBundleType: type,
        type: "BUNDLE",
        usageType: "LICENSED",
        benefits: [
          ...[...benefits.EN, retentionBenefit(retentionDays, "EN")].map((description) => ({ description, lang: "EN" as const })),
          ...[...benefits.DE, retentionBenefit(retentionDays, "DE")].map((description) => ({ description, lang: "DE" as const })),
        ],
        prices: [licensed("MONTH", monthly), licensed("YEAR", yearly(monthly))],
        selectedPricingIndex: DEFAULT_INTERVAL === "YEAR" ? 1 : 0,
      },
      {
        id: `prod_${key}_requests`,
        name: `${key}_requests`,
        displayName: "Requests",
        description: "Requests above the included ones, per 1,000",
        icon: null,
        productBundleType: type,
        type: "BASE",
        usageType: "METERED",
        benefits: [],
        selectedPricingIndex: 0,
        prices: [
          {
            id: `price_${key}_requests_month`,
            price: `price_${key}_requests_month`,
            unitAmount: opsPrice,
            currency: "EUR",
            // The included requests are free; each further 1,000 costs unitAmount.
            pricingModel: "TIERED",
            tiers: [
              { upTo: includedOps, unitAmount: 0 },
              { upTo: null, unitAmount: opsPrice },
            ],
            usageType: "METERED",
            unitType: "OPS",
            reservedUnits: includedOps,
            recurring: true,
            billingInterval: "MONTH",
            paymentProviderId: `price_${key}_requests_month`,
          },
        ],
      },
    ],
  };
}

/** Ascending by price, as spec §7 lists them. */
export const PRODUCT_BUNDLES: readonly CatalogBundle[] = [
  bundle("STARTER", "Starter", 2900, 100_000, 50, {
    EN: ["Everything a first app needs", "100,000 requests a month"],
    DE: ["Alles, was eine erste App braucht", "100.000 Anfragen im Monat"],
  }),
  bundle("PROFESSIONAL", "Pro", 9900, 1_000_000, 40, {
    EN: ["1,000,000 requests a month", "Email support"],
    DE: ["1.000.000 Anfragen im Monat", "Support per E-Mail"],
  }),
  bundle("SCALE", "Scale", 39900, 10_000_000, 30, {
    EN: ["10,000,000 requests a month", "Priority support"],
    DE: ["10.000.000 Anfragen im Monat", "Bevorzugter Support"],
  }),
];

export const findBundle = (type: string) => PRODUCT_BUNDLES.find((candidate) => candidate.type === type);
