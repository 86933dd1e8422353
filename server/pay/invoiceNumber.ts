import { sql } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Seller } from "./seller";

/**
 * The seller's next invoice number, taken in the caller's (billing) transaction: the counter row
 * stays locked until it commits, so concurrent runs number one after the other, and a run that
 * rolls back gives its number back — the series has no gaps. One series per prefix, so a changed
 * prefix starts its own series instead of repeating numbers.
 */
export async function nextInvoiceNumber(tx: DbOrTx, seller: Pick<Seller, "invoicePrefix">): Promise<string> {
  const row = await tx
    .insertInto("invoice_number_sequences")
    .values({ seller: seller.invoicePrefix, last_number: 1 })
    .onConflict((conflict) => conflict.column("seller").doUpdateSet({ last_number: sql`invoice_number_sequences.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return `${seller.invoicePrefix}-${String(row.last_number).padStart(6, "0")}`;
}
