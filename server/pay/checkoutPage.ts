import type { Selectable } from "kysely";
import type { Tables } from "../db/tables";
import { formatAmount } from "../../src/domain/billing";
import { findBundle } from "./catalog";

type Messages = Record<string, string>;
type Session = Selectable<Tables["pay_checkout_sessions"]>;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** {name} placeholders of a message filled with escaped values. */
const format = (template: string, values: Record<string, string> = {}) =>
  escape(template).replace(/\{(\w+)\}/g, (_, name: string) => escape(values[name] ?? ""));

// No scripts at all: the page passes the platform's CSP (script-src 'self') as it is.
const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2125; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #6b7280; border-radius: 4px; }
  .row { display: flex; gap: 1rem; } .row > div { flex: 1; }
  button { margin-top: 1.5rem; width: 100%; padding: .75rem; font-size: 1rem; background: #0b5cad; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
  .error { background: #fde8e8; color: #8a1c1c; padding: .75rem; border-radius: 4px; }
  .note { color: #4b5563; font-size: .9rem; }
  button.secondary { background: #fff; color: #0b5cad; border: 1px solid #0b5cad; }
`;

function shell(messages: Messages, body: string) {
  return `<!doctype html><html lang="${messages["pay.checkout.lang"] ?? "en"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(messages["pay.checkout.title"])}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The test card form of an open checkout; `problem` is a message id shown above it. */
export function checkoutPage(messages: Messages, session: Session, token: string, problem: string | null) {
  const bundle = findBundle(session.bundle_type);
  const plan = bundle?.products[0].displayName ?? session.bundle_type;
  const amount = formatAmount(session.amount, session.currency, messages["pay.checkout.lang"] ?? "en");
  const interval = messages[session.billing_interval === "YEAR" ? "pay.checkout.perYear" : "pay.checkout.perMonth"];
  const base = `/pay/checkout/${escape(session.id)}`;
  return shell(
    messages,
    `<h1>${format(messages["pay.checkout.heading"], { plan })}</h1>
<p data-testid="checkout-amount">${format(messages["pay.checkout.amount"], { amount, interval })}</p>
<p class="note">${format(messages["pay.checkout.trial"], { days: String(bundle?.trialDays ?? 14) })}</p>
${problem ? `<p class="error" role="alert">${escape(messages[problem])}</p>` : ""}
<form method="post" action="${base}/pay">
<input type="hidden" name="token" value="${escape(token)}">${langField(messages)}
<label for="cardNumber">${escape(messages["pay.checkout.cardNumber"])}</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242">
<div class="row"><div><label for="expiry">${escape(messages["pay.checkout.expiry"])}</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="12/34"></div>
<div><label for="cvc">${escape(messages["pay.checkout.cvc"])}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></div></div>
<p class="note">${escape(messages["pay.checkout.testNote"])}</p>
<button type="submit">${escape(messages["pay.checkout.pay"])}</button>
</form>
<form method="post" action="${base}/cancel"><input type="hidden" name="token" value="${escape(token)}">${langField(messages)}
<button type="submit" class="secondary" data-testid="checkout-cancel">${escape(messages["pay.checkout.cancel"])}</button></form>`,
  );
}

/** The page's language travels with its forms, so a declined card is explained in it too. */
const langField = (messages: Messages) => `<input type="hidden" name="lang" value="${escape(messages["pay.checkout.lang"] ?? "en")}">`;

/** A page with one message: refused, expired. */
export function messagePage(messages: Messages, messageId: string) {
  return shell(messages, `<h1>${escape(messages["pay.checkout.title"])}</h1><p role="alert">${escape(messages[messageId])}</p>`);
}
