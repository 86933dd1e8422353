import { log } from "../log";
import type { PaymentProvider } from "./provider";
import { signCheckout } from "./checkoutToken";
import type { Viewer } from "../graphqlKit/context";
import { refuse } from "../graphqlKit/errors";

/** What GraphQL resolvers use: the provider and the checkout addresses handed to members. */
export interface Payments {
  provider: PaymentProvider;
  /** The provider's checkout URL with the member's capability (./checkoutToken.ts). */
  checkoutUrl(url: string, sessionId: string, expiresAt: Date, viewer: Viewer): string;
}

export function createPayments(provider: PaymentProvider, key: Buffer): Payments {
  return {
    provider,
    checkoutUrl(url, sessionId, expiresAt, viewer) {
      const token = signCheckout(key, { sessionId, sub: viewer.sub, email: viewer.email, expiresAt: expiresAt.getTime() });
      return `${url}?token=${encodeURIComponent(token)}`;
    },
  };
}

/** A provider call; any failure is 'Payment provider is busy. Please try again later.' (spec §8), and the transaction rolls back. */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error("payment provider failed:", error instanceof Error ? error.message : error);
    throw refuse("UNAVAILABLE", "error_payment_provider_busy", "Payment provider is busy. Please try again later.");
  }
}
