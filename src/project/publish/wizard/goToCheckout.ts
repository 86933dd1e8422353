/**
 * Leaves the console for the payment provider's checkout page (a full navigation, as Stripe's
 * would be), in the console's language.
 */
export function goToCheckout(sessionUrl: string, locale: string) {
  const url = new URL(sessionUrl, window.location.href);
  // Only the provider's own page takes a language; a success URL (test automation) is left as it is.
  if (url.pathname.startsWith("/pay/")) url.searchParams.set("lang", locale.startsWith("de") ? "de" : "en");
  window.location.assign(url.toString());
}
