import { describe, expect, it } from "vitest";
import { benefitsIn, checkoutLineItems, monthlyAmount, retentionInDaysFor } from "../../../src/domain/pay/plans";

const products = [
  { usageType: "LICENSED", prices: [{ id: "base_m", unitAmount: 1000, billingInterval: "MONTH" }, { id: "base_y", unitAmount: 9600, billingInterval: "YEAR" }] },
  { usageType: "METERED", prices: [{ id: "ops_m", unitAmount: 5, billingInterval: "MONTH" }] },
];

describe("plans (spec §9)", () => {
  it("licensed line items have quantity 1; yearly metered items use the monthly price and go to the metadata", () => {
    expect(checkoutLineItems(products, "YEAR")).toEqual({ lineItems: [{ price: "base_y", quantity: 1 }], meteredItems: [{ price: "ops_m" }] });
    expect(checkoutLineItems(products, "MONTH")).toEqual({ lineItems: [{ price: "base_m", quantity: 1 }, { price: "ops_m" }], meteredItems: [] });
  });

  it("shows annual prices per month (divided by 12)", () => {
    expect(monthlyAmount({ unitAmount: 9600, billingInterval: "YEAR" })).toBe(800);
    expect(monthlyAmount({ unitAmount: 1000, billingInterval: "MONTH" })).toBe(1000);
  });

  it("benefits in EN and DE, falling back to EN", () => {
    const benefits = [{ lang: "EN", description: "Support" }];
    expect(benefitsIn(benefits, "DE")).toEqual(["Support"]);
    expect(benefitsIn([...benefits, { lang: "DE", description: "Hilfe" }], "DE")).toEqual(["Hilfe"]);
  });

  it("retentionInDays is 14 with the pro bundle, else 1", () => {
    expect(retentionInDaysFor("PROFESSIONAL")).toBe(14);
    expect(retentionInDaysFor("STARTER")).toBe(1);
    expect(retentionInDaysFor(null)).toBe(1);
  });
});
