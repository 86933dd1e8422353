/** Leaves the console for the payment provider's checkout page (a full navigation, as Stripe's would be). */
export function goToCheckout(sessionUrl: string) {
  window.location.assign(sessionUrl);
}
