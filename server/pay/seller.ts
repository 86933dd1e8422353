import { isBillingCountry } from "../../src/domain/billing";

/** Who issues the invoices: the platform's operator, from its environment (README: SELLER_…). */
export interface Seller {
  name: string;
  /** Street, postal code and city, … one entry per printed line. */
  addressLines: string[];
  /** ISO country code; decides which buyers are domestic for VAT. */
  country: string;
  /** Printed when set; required on real invoices in the EU, so a deployer sets it. */
  vatId: string;
  email: string;
  /** VAT charged to domestic buyers (and EU buyers without a VAT id), in percent. */
  vatRatePercent: number;
  /** Invoice numbers are this prefix and the seller's sequence: BK-000001, BK-000002, … */
  invoicePrefix: string;
}

export const DEFAULT_SELLER: Seller = {
  name: "Baukasten",
  addressLines: ["Musterstraße 1", "10115 Berlin", "Germany"],
  country: "DE",
  vatId: "",
  email: "",
  vatRatePercent: 19,
  invoicePrefix: "BK",
};

/** The seller from SELLER_NAME, SELLER_ADDRESS (lines separated by commas), SELLER_COUNTRY, SELLER_VAT_ID, SELLER_EMAIL, SELLER_VAT_RATE and INVOICE_NUMBER_PREFIX. */
export function readSeller(env: NodeJS.ProcessEnv): Seller {
  const text = (value: string | undefined, fallback: string) => (value === undefined || value.trim() === "" ? fallback : value.trim());
  const country = text(env.SELLER_COUNTRY, DEFAULT_SELLER.country).toUpperCase();
  if (!isBillingCountry(country)) throw new Error(`SELLER_COUNTRY: "${env.SELLER_COUNTRY}" is not a country code the billing form offers`);
  const rate = Number(text(env.SELLER_VAT_RATE, String(DEFAULT_SELLER.vatRatePercent)));
  if (!Number.isFinite(rate) || rate < 0 || rate > 100) throw new Error(`SELLER_VAT_RATE: "${env.SELLER_VAT_RATE}" is not a percentage from 0 to 100`);
  const prefix = text(env.INVOICE_NUMBER_PREFIX, DEFAULT_SELLER.invoicePrefix);
  if (!/^[A-Za-z0-9-]{1,16}$/.test(prefix)) throw new Error(`INVOICE_NUMBER_PREFIX: "${prefix}" must be 1 to 16 letters, digits or dashes`);
  const address = env.SELLER_ADDRESS?.trim()
    ? env.SELLER_ADDRESS.split(",").map((line) => line.trim()).filter(Boolean)
    : DEFAULT_SELLER.addressLines;
  return {
    name: text(env.SELLER_NAME, DEFAULT_SELLER.name),
    addressLines: address,
    country,
    vatId: text(env.SELLER_VAT_ID, ""),
    email: text(env.SELLER_EMAIL, ""),
    vatRatePercent: rate,
    invoicePrefix: prefix,
  };
}
