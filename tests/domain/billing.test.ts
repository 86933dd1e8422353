import { describe, expect, it } from "vitest";
import {
  BILLING_COUNTRIES,
  billingProblems,
  EU_COUNTRIES,
  formatAmount,
  isPaymentCustomerId,
  OTHER_COUNTRIES,
  parseBillingAddress,
  requiresVatId,
} from "../../src/domain/billing";

const details = (overrides: Partial<{ name: string; billingEmail: string; vatId: string }> = {}, address: Record<string, string> = {}) => ({
  name: "Acme",
  billingEmail: "billing@acme.example",
  vatId: "",
  ...overrides,
  address: { country: "DE", city: "Berlin", line1: "Hauptstr. 1", line2: "", postalCode: "10115", ...address },
});

describe("billing rules", () => {
  it("bills to the 27 EU countries and about fifty more, each once", () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(OTHER_COUNTRIES.length).toBeGreaterThanOrEqual(48);
    expect(new Set(BILLING_COUNTRIES).size).toBe(BILLING_COUNTRIES.length);
  });

  it("requires a VAT id in the EU except Germany, and nowhere else", () => {
    expect(requiresVatId("FR")).toBe(true);
    expect(requiresVatId("AT")).toBe(true);
    expect(requiresVatId("DE")).toBe(false);
    expect(requiresVatId("CH")).toBe(false);
    expect(requiresVatId("US")).toBe(false);
  });

  it("lists every problem in the spec's order", () => {
    const all = billingProblems({ name: " ", billingEmail: "", vatId: "", address: { country: "", city: "", line1: "", line2: "", postalCode: "" } });
    expect(all.map((problem) => problem.messageId)).toEqual([
      "error_billing_requires_company_name",
      "error_billing_requires_email",
      "error_billing_requires_country",
      "error_billing_requires_address",
      "error_billing_requires_address",
      "error_billing_requires_address",
    ]);
    expect(billingProblems(details({}, { country: "it" })).map((problem) => problem.messageId)).toEqual(["error_billing_requires_vat_id"]);
    expect(billingProblems(details())).toEqual([]);
  });

  it("reads a stored address with line2 defaulting to empty, and anything unreadable as empty", () => {
    expect(parseBillingAddress('{"country":"DE","city":"B","line1":"L","postalCode":"1"}')).toEqual({ country: "DE", city: "B", line1: "L", line2: "", postalCode: "1" });
    expect(parseBillingAddress("{oops").country).toBe("");
    expect(parseBillingAddress('{"country":1}').country).toBe("");
  });

  it("counts only cus_… as a payment provider customer id", () => {
    expect(isPaymentCustomerId("cus_NffrFeUfNV2Hib")).toBe(true);
    expect(isPaymentCustomerId("")).toBe(false);
    expect(isPaymentCustomerId("acct_1")).toBe(false);
  });

  it("shows minor units divided by 100, $ for USD and € otherwise", () => {
    expect(formatAmount(4900, "usd", "en")).toBe("$49.00");
    expect(formatAmount(4900, "eur", "en")).toBe("€49.00");
    expect(formatAmount(123456, "EUR", "de").replace(/\s/g, " ")).toBe("1.234,56 €");
  });
});
