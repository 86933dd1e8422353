import type { Db } from "../db/database";
import type { Context } from "../graphqlKit/context";
import { requireMembership } from "../access";
import { parseBillingAddress } from "../../src/domain/billing";
import { messagesFor } from "../i18n";
import { completeCheckout, successUrlOf } from "./builtIn";
import { verifyCheckout } from "./checkoutToken";
import { invoicePdf } from "./invoicePdf";
import { invoiceLanguage, type InvoiceDetails } from "./invoiceModel";
import type { Seller } from "./seller";
import { checkoutPage, messagePage } from "./checkoutPage";
import { readFormBody } from "./form";

interface PayRouteDeps {
  db: Db;
  /** The GraphQL context for a caller (same token checks as /graphql). */
  contextFor(authorization: string | null | undefined): Promise<Context>;
  /** Key of the checkout capability (./checkoutToken.ts). */
  checkoutKey: Buffer;
  /** Printed on invoices written before invoices kept their details. */
  seller: Seller;
}

/** The test card the page accepts (Stripe's test Visa number); anything else is declined. */
export const TEST_CARD_NUMBER = "4242424242424242";

const PAGE_HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" };

/**
 * `/pay/…`: the built-in provider's checkout page (GET shows the test card form, POST pays, the
 * cancel link returns), and invoice PDFs for members of the invoice's workspace.
 */
export function createPayRoutes(deps: PayRouteDeps) {
  const redirect = (location: string) => new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
  const page = (html: string, status = 200) => new Response(html, { status, headers: PAGE_HEADERS });

  /** The open checkout and its payer, when the capability and the payer's membership hold. */
  async function authorized(sessionId: string, token: string | null) {
    const session = await deps.db.selectFrom("pay_checkout_sessions").selectAll().where("id", "=", sessionId).executeTakeFirst();
    const payer = session && token ? verifyCheckout(deps.checkoutKey, token, sessionId) : null;
    if (!session || !payer) return null;
    const ctx = { ...(await deps.contextFor(null)), viewer: { sub: payer.sub, email: payer.email, superuser: false } };
    try {
      await requireMembership(ctx, session.org_id);
    } catch {
      return null;
    }
    return { session, token: token! };
  }

  async function checkout(request: Request, sessionId: string, action: string | undefined): Promise<Response> {
    const url = new URL(request.url);
    const form = request.method === "POST" ? await readFormBody(request) : null;
    const messages = messagesFor((form?.get("lang") ?? url.searchParams.get("lang")) === "de" ? "de" : "en");
    const token = form?.get("token") ?? url.searchParams.get("token");
    const found = await authorized(sessionId, token);
    if (!found) return page(messagePage(messages, "pay.checkout.forbidden"), 403);
    const { session } = found;
    if (session.status === "complete") return redirect(successUrlOf(session.success_url, session.id));
    if (session.status !== "open" || session.expires_at.getTime() <= Date.now()) return page(messagePage(messages, "pay.checkout.expired"), 410);

    if (action === "cancel") return redirect(successUrlOf(session.cancel_url, session.id));
    if (request.method === "POST" && action === "pay") {
      const number = (form?.get("cardNumber") ?? "").replace(/\s+/g, "");
      if (number !== TEST_CARD_NUMBER) return page(checkoutPage(messages, session, found.token, "pay.checkout.declined"), 402);
      await deps.db.transaction().execute((tx) => completeCheckout(tx, session.id, { seller: deps.seller }));
      return redirect(successUrlOf(session.success_url, session.id));
    }
    if (request.method !== "GET") return new Response("Method not allowed", { status: 405 });
    return page(checkoutPage(messages, session, found.token, null));
  }

  async function invoice(request: Request, invoiceId: string): Promise<Response> {
    if (request.method !== "GET") return new Response("Method not allowed", { status: 405 });
    const ctx = await deps.contextFor(request.headers.get("authorization"));
    if (!ctx.viewer) return new Response("Please sign in.", { status: 401 });
    const row = await deps.db
      .selectFrom("invoices")
      .innerJoin("billing_accounts", "billing_accounts.id", "invoices.billing_account_id")
      .select([
        "invoices.id",
        "invoices.date",
        "invoices.status",
        "invoices.amount_paid",
        "invoices.currency",
        "invoices.payment_provider_invoice_id",
        "invoices.number",
        "invoices.details",
        "billing_accounts.org_id",
        "billing_accounts.name",
        "billing_accounts.billing_email",
        "billing_accounts.billing_address",
        "billing_accounts.vat_id",
      ])
      .where("invoices.id", "=", invoiceId)
      .executeTakeFirst();
    // Another workspace's invoice answers like a missing one, so ids reveal nothing.
    const notFound = new Response("Not found", { status: 404 });
    if (!row) return notFound;
    try {
      await requireMembership(ctx, row.org_id);
    } catch {
      return notFound;
    }
    const details = row.details ?? legacyDetails(row, deps.seller);
    const bytes = await invoicePdf(details, row.status, messagesFor(details.language));
    return new Response(Buffer.from(bytes), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="invoice-${(row.number ?? row.id).replace(/[^A-Za-z0-9_-]/g, "")}.pdf"`,
        "cache-control": "private, no-store",
      },
    });
  }

  return {
    async handle(request: Request): Promise<Response> {
      const { pathname } = new URL(request.url);
      const checkoutMatch = /^\/pay\/checkout\/(cs_[a-f0-9]+)(?:\/(pay|cancel))?$/.exec(pathname);
      if (checkoutMatch) return checkout(request, checkoutMatch[1], checkoutMatch[2]);
      const invoiceMatch = /^\/pay\/invoices\/(inv_[A-Za-z0-9_-]+)\.pdf$/.exec(pathname);
      if (invoiceMatch) return invoice(request, invoiceMatch[1]);
      return new Response("Not found", { status: 404 });
    },
  };
}

/** An invoice recorded without details (an outside provider's, or one from before): who is billed now, its amount as the total. */
function legacyDetails(
  row: { id: string; date: Date; amount_paid: number; currency: string; payment_provider_invoice_id: string | null; name: string; billing_email: string; billing_address: string | null; vat_id: string | null },
  seller: Seller,
): InvoiceDetails {
  const address = parseBillingAddress(row.billing_address);
  return {
    number: row.payment_provider_invoice_id ?? row.id,
    language: invoiceLanguage(address.country),
    issuedAt: row.date.toISOString(),
    seller: { name: seller.name, addressLines: seller.addressLines, vatId: seller.vatId, email: seller.email },
    buyer: {
      name: row.name,
      email: row.billing_email,
      addressLines: [address.line1, address.line2, `${address.postalCode} ${address.city}`.trim()].filter(Boolean),
      country: address.country,
      vatId: row.vat_id ?? "",
    },
    lines: [],
    tax: { ratePercent: 0, note: null },
    totals: [{ currency: row.currency.toUpperCase(), net: row.amount_paid, tax: 0, gross: row.amount_paid }],
  };
}
