import type { PDFFont, PDFPage } from "pdf-lib";
import { formatAmount } from "../../src/domain/billing";
import type { InvoiceDetails, InvoiceLine } from "./invoiceModel";

const fill = (template: string, values: Record<string, string> = {}) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * An A4 invoice drawn from what it was issued with: the seller, who is billed, number, date and
 * status, a line per product and period, net, VAT and total per currency, and the tax note; in the
 * invoice's language (`messages`).
 */
export async function invoicePdf(invoice: InvoiceDetails, status: string, messages: Record<string, string>): Promise<Uint8Array> {
  // Loaded on the first download, not at start: pdf-lib (with its font metrics) is a few MiB of
  // heap that a server whose users never open an invoice would hold for nothing.
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const locale = invoice.language;
  const money = (amount: number, currency: string) => formatAmount(amount, currency, locale);
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
  const country = (code: string) => (code ? (new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code) : "");
  const text = (key: string, values?: Record<string, string>) => fill(messages[key] ?? key, values);

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${text("invoice.title")} ${invoice.number}`);
  pdf.setProducer("Baukasten");
  pdf.setLanguage(locale);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([595.28, 841.89]); // A4
  let y = 780;
  const left = 56;
  const right = 539;
  // The standard fonts cover WinAnsi only; anything else is replaced rather than failing the download.
  const safe = (value: string) => [...value.replace(/[\u202f\u2009]/g, " ")].map((char) => (char.charCodeAt(0) < 256 || char === "€" || char === "–" ? char : "?")).join("");
  const draw = (value: string, x: number, options: { font?: PDFFont; size?: number; alignRight?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const shown = safe(value);
    const at = options.alignRight ? x - font.widthOfTextAtSize(shown, size) : x;
    page.drawText(shown, { x: at, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const next = (gap = 15) => {
    y -= gap;
    if (y < 60) {
      page = pdf.addPage([595.28, 841.89]);
      y = 780;
    }
  };
  const line = (value: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    draw(value, left, options);
    next(options.gap);
  };

  line(invoice.seller.name, { font: bold, size: 18, gap: 22 });
  for (const address of invoice.seller.addressLines) line(address);
  if (invoice.seller.vatId) line(text("invoice.vatId", { vatId: invoice.seller.vatId }));
  if (invoice.seller.email) line(invoice.seller.email);
  next(20);

  line(text("invoice.billedTo"), { font: bold });
  line(invoice.buyer.name);
  for (const address of invoice.buyer.addressLines) line(address);
  if (invoice.buyer.country) line(country(invoice.buyer.country));
  if (invoice.buyer.vatId) line(text("invoice.vatId", { vatId: invoice.buyer.vatId }));
  next(20);

  line(text("invoice.title"), { font: bold, size: 16, gap: 24 });
  line(text("invoice.number", { number: invoice.number }));
  line(text("invoice.date", { date: day(invoice.issuedAt) }));
  line(text("invoice.status", { status: text(`invoice.status.${status}`) }), { gap: 28 });

  const columns = { period: 250, quantity: 400, unit: 470, amount: right };
  const header = () => {
    draw(text("invoice.column.description"), left, { font: bold });
    draw(text("invoice.column.period"), columns.period, { font: bold });
    draw(text("invoice.column.quantity"), columns.quantity, { font: bold, alignRight: true });
    draw(text("invoice.column.unitPrice"), columns.unit, { font: bold, alignRight: true });
    draw(text("invoice.column.amount"), columns.amount, { font: bold, alignRight: true });
    next(18);
  };
  const description = (item: InvoiceLine) =>
    item.kind === "TRIAL" ? text("invoice.line.trial", { product: item.product }) : text(`invoice.line.${item.kind}`, { product: item.product });
  header();
  for (const item of invoice.lines) {
    draw(description(item), left);
    draw(`${day(item.periodStart)} – ${day(item.periodEnd)}`, columns.period);
    draw(String(item.quantity), columns.quantity, { alignRight: true });
    draw(money(item.unitAmount, item.currency), columns.unit, { alignRight: true });
    draw(money(item.amount, item.currency), columns.amount, { alignRight: true });
    next();
  }
  next(10);

  for (const total of invoice.totals) {
    const row = (label: string, amount: number, font = regular) => {
      draw(label, columns.unit, { font, alignRight: true });
      draw(money(amount, total.currency), columns.amount, { font, alignRight: true });
      next();
    };
    row(text("invoice.net", { currency: total.currency }), total.net);
    row(text("invoice.vat", { rate: String(invoice.tax.ratePercent) }), total.tax);
    row(text("invoice.total", { currency: total.currency }), total.gross, bold);
    next(6);
  }
  if (invoice.tax.note) {
    next(6);
    line(text(`invoice.note.${invoice.tax.note}`));
  }
  if (status === "paid") line(text("invoice.paidNote"));
  return pdf.save();
}
