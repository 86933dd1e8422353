import { type } from "arktype";
import { EMAIL_MAX_LENGTH, isValidEmail, sanitizeEmail } from "./account";

/**
 * Billing details (spec §3 BillingAccount, §5 "Billing, in order", §9 countries), shared by the
 * billing form and the billing resolvers.
 */

/** The 27 member states of the European Union (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES = [
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE",
  "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
] as const;

/** Further countries we bill to. */
export const OTHER_COUNTRIES = [
  "AD", "AE", "AL", "AR", "AU", "BA", "BR", "CA", "CH", "CL", "CN", "CO", "CR", "EG", "GB",
  "GE", "HK", "ID", "IL", "IN", "IS", "JP", "KE", "KR", "LI", "MA", "MC", "MD", "ME", "MK",
  "MX", "MY", "NG", "NO", "NZ", "PE", "PH", "QA", "RS", "SA", "SG", "SM", "TH", "TN", "TR",
  "TW", "UA", "US", "UY", "VN", "ZA",
] as const;

export const BILLING_COUNTRIES: readonly string[] = [...EU_COUNTRIES, ...OTHER_COUNTRIES];

/**
 * Countries whose customers must give a VAT id: the EU without Germany (reverse charge for
 * business customers abroad; a German customer is billed German VAT anyway).
 */
export const VAT_ID_COUNTRIES: readonly string[] = EU_COUNTRIES.filter((code) => code !== "DE");

export const isBillingCountry = (code: string) => BILLING_COUNTRIES.includes(code);
export const requiresVatId = (country: string) => VAT_ID_COUNTRIES.includes(country);

/** What billingAddress holds as a JSON string: line2 optional, empty by default. */
export const BillingAddress = type({
  country: "string",
  city: "string",
  line1: "string",
  "line2?": "string",
  postalCode: "string",
});
export type BillingAddress = typeof BillingAddress.infer;

export const EMPTY_ADDRESS: Required<BillingAddress> = { country: "", city: "", line1: "", line2: "", postalCode: "" };

/** Reads a stored or sent billingAddress; anything unreadable counts as an empty address. */
export function parseBillingAddress(json: string | null | undefined): Required<BillingAddress> {
  if (!json) return { ...EMPTY_ADDRESS };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ...EMPTY_ADDRESS };
  }
  const address = BillingAddress(value);
  if (address instanceof type.errors) return { ...EMPTY_ADDRESS };
  return { ...EMPTY_ADDRESS, ...address };
}

export interface BillingDetails {
  name: string;
  billingEmail: string;
  address: Required<BillingAddress>;
  vatId: string;
}

/** The same details trimmed, the email sanitized and the country upper-cased, as stored. */
export function normalizeBillingDetails(details: BillingDetails): BillingDetails {
  const a = details.address;
  return {
    name: details.name.trim(),
    billingEmail: sanitizeEmail(details.billingEmail),
    address: {
      country: a.country.trim().toUpperCase(),
      city: a.city.trim(),
      line1: a.line1.trim(),
      line2: a.line2.trim(),
      postalCode: a.postalCode.trim(),
    },
    vatId: details.vatId.trim(),
  };
}

/** The longest value a billing field takes (the form's inputs stop at 255). */
export const BILLING_FIELD_MAX_LENGTH = 255;

export type BillingField = "name" | "billingEmail" | "country" | "line1" | "postalCode" | "city" | "vatId";
export type BillingProblem =
  | "error_billing_requires_company_name"
  | "error_billing_requires_email"
  | "error_billing_requires_country"
  | "error_billing_requires_address"
  | "error_billing_requires_vat_id";

/**
 * Every problem, in the spec's order: legal entity name, billing email, country, line1 /
 * postal code / city, then the VAT id where the country requires one. The first is the one
 * to show; the server refuses with it.
 */
export function billingProblems(details: BillingDetails): { field: BillingField; messageId: BillingProblem }[] {
  const d = normalizeBillingDetails(details);
  const problems: { field: BillingField; messageId: BillingProblem }[] = [];
  // Empty, or longer than any real value: both refused with the field's message.
  const missing = (value: string) => !value || value.length > BILLING_FIELD_MAX_LENGTH;
  if (missing(d.name)) problems.push({ field: "name", messageId: "error_billing_requires_company_name" });
  if (!isValidEmail(d.billingEmail) || details.billingEmail.trim().length > EMAIL_MAX_LENGTH)
    problems.push({ field: "billingEmail", messageId: "error_billing_requires_email" });
  if (!isBillingCountry(d.address.country)) problems.push({ field: "country", messageId: "error_billing_requires_country" });
  for (const field of ["line1", "postalCode", "city"] as const) {
    if (missing(d.address[field])) problems.push({ field, messageId: "error_billing_requires_address" });
  }
  if (d.address.line2.length > BILLING_FIELD_MAX_LENGTH) problems.push({ field: "line1", messageId: "error_billing_requires_address" });
  if ((requiresVatId(d.address.country) && !d.vatId) || d.vatId.length > BILLING_FIELD_MAX_LENGTH)
    problems.push({ field: "vatId", messageId: "error_billing_requires_vat_id" });
  return problems;
}

/** A payment provider's customer id counts as valid only in the cus_… form (spec §5). */
export const isPaymentCustomerId = (value: string | null | undefined) => /^cus_[A-Za-z0-9]+$/.test(value ?? "");

/** amountPaid is in minor units; the symbol is $ for USD, otherwise € (spec §9). */
export function formatAmount(amountMinor: number, currency: string, locale: string): string {
  const code = currency.toUpperCase() === "USD" ? "USD" : "EUR";
  return new Intl.NumberFormat(locale, { style: "currency", currency: code }).format(amountMinor / 100);
}
