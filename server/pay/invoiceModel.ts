import { EU_COUNTRIES } from "../../src/domain/billing";
import type { Locale } from "../../src/domain/locale";
import type { Seller } from "./seller";

/**
 * What an invoice was issued with, kept with it (invoices.details) and drawn by ./invoicePdf.ts:
 * the seller and buyer as they were, one line per product and period, the tax and totals per
 * currency, the number and the language.
 */
export interface InvoiceDetails {
  number: string;
  language: Locale;
  issuedAt: string;
  seller: { name: string; addressLines: string[]; vatId: string; email: string };
  buyer: { name: string; email: string; addressLines: string[]; country: string; vatId: string };
  lines: InvoiceLine[];
  tax: TaxTreatment;
  totals: InvoiceTotal[];
}

export interface InvoiceLine {
  /** The product's display name, e.g. Pro. */
  product: string;
  /** MONTH or YEAR for a billed period; TRIAL for the free trial. */
  kind: "MONTH" | "YEAR" | "TRIAL";
  periodStart: string;
  periodEnd: string;
  quantity: number;
  /** Minor units, before tax. */
  unitAmount: number;
  amount: number;
  currency: string;
}

export interface InvoiceTotal {
  currency: string;
  net: number;
  tax: number;
  gross: number;
}

/** The VAT charged and why: domestic (or an EU consumer) at the seller's rate; reverse charge; outside the EU. */
export interface TaxTreatment {
  ratePercent: number;
  note: "reverseCharge" | "outsideEu" | null;
}

const isEu = (country: string) => (EU_COUNTRIES as readonly string[]).includes(country);

export function taxTreatment(seller: Pick<Seller, "country" | "vatRatePercent">, buyer: { country: string; vatId: string }): TaxTreatment {
  if (buyer.country === seller.country) return { ratePercent: seller.vatRatePercent, note: null };
  if (isEu(buyer.country) && isEu(seller.country)) {
    // A business in another member state with a VAT id owes the VAT itself (reverse charge).
    return buyer.vatId ? { ratePercent: 0, note: "reverseCharge" } : { ratePercent: seller.vatRatePercent, note: null };
  }
  return { ratePercent: 0, note: "outsideEu" };
}

/** German for buyers in German-speaking countries, English for everyone else. */
export const invoiceLanguage = (country: string): Locale => (["DE", "AT", "CH", "LI"].includes(country) ? "de" : "en");

/** Net, tax and gross per currency, in the order the currencies first appear; tax rounded once per currency. */
export function totalsOf(lines: readonly InvoiceLine[], tax: TaxTreatment): InvoiceTotal[] {
  const net = new Map<string, number>();
  for (const line of lines) net.set(line.currency, (net.get(line.currency) ?? 0) + line.amount);
  return [...net].map(([currency, amount]) => {
    const taxAmount = Math.round((amount * tax.ratePercent) / 100);
    return { currency, net: amount, tax: taxAmount, gross: amount + taxAmount };
  });
}

export function buildInvoiceDetails(input: {
  number: string;
  issuedAt: Date;
  seller: Seller;
  buyer: InvoiceDetails["buyer"];
  lines: InvoiceLine[];
}): InvoiceDetails {
  const tax = taxTreatment(input.seller, input.buyer);
  return {
    number: input.number,
    language: invoiceLanguage(input.buyer.country),
    issuedAt: input.issuedAt.toISOString(),
    seller: { name: input.seller.name, addressLines: input.seller.addressLines, vatId: input.seller.vatId, email: input.seller.email },
    buyer: input.buyer,
    lines: input.lines,
    tax,
    totals: totalsOf(input.lines, tax),
  };
}
