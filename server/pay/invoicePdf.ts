import type { PDFFont } from "pdf-lib";
import { formatAmount } from "../../src/domain/billing";

export interface InvoiceForPdf {
  number: string;
  date: Date;
  status: string;
  amountPaid: number;
  currency: string;
  billedTo: string[];
}

/** A one-page invoice: the seller, who is billed, the date, number, status and amount paid. */
export async function invoicePdf(invoice: InvoiceForPdf): Promise<Uint8Array> {
  // Loaded on the first download, not at start: pdf-lib (with its font metrics) is a few MiB of
  // heap that a server whose users never open an invoice would hold for nothing.
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setProducer("Baukasten");
  const page = pdf.addPage([595.28, 841.89]); // A4
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    // The standard fonts cover WinAnsi only; anything else is replaced rather than failing the download.
    const safe = [...text].map((char) => (char.charCodeAt(0) < 256 || char === "€" ? char : "?")).join("");
    page.drawText(safe, { x: 56, y, size: options.size ?? 11, font: options.font ?? regular, color: rgb(0.1, 0.1, 0.1) });
    y -= options.gap ?? 18;
  };
  line("Baukasten", { font: bold, size: 20, gap: 40 });
  line("Invoice", { font: bold, size: 16, gap: 28 });
  line(`Invoice number: ${invoice.number}`);
  line(`Date: ${invoice.date.toISOString().slice(0, 10)}`);
  line(`Status: ${invoice.status}`, { gap: 32 });
  line("Billed to", { font: bold });
  for (const text of invoice.billedTo) line(text);
  y -= 14;
  line(`Amount paid: ${formatAmount(invoice.amountPaid, invoice.currency, "en")}`, { font: bold, size: 13 });
  return pdf.save();
}
