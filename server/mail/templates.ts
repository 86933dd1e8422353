import { createIntl, createIntlCache } from "@formatjs/intl";
import type { Locale } from "../../src/domain/locale";
import { messagesFor } from "../i18n";

/** Each template has `mail.<name>.subject` and `mail.<name>.body` in locales/. */
export type MailTemplate = "signupCode" | "passwordReset" | "emailChange" | "invitation" | "flow";

const cache = createIntlCache();

export function renderMail(template: MailTemplate, locale: Locale, values: Record<string, string>) {
  const intl = createIntl({ locale, messages: messagesFor(locale) }, cache);
  const subject = intl.formatMessage({ id: `mail.${template}.subject` }, values);
  const text = intl.formatMessage({ id: `mail.${template}.body` }, values);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">${text
    .split("\n")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("")}</body></html>`;
  return { subject, text, html };
}

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
