import { BILLING_COUNTRIES } from "../../domain/billing";

/** The billing countries with their names in the console's language, sorted by name. */
export function countryOptions(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  return BILLING_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}
