import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Real invoices: each keeps what it was issued with (seller, buyer, lines, tax, totals, language)
 * as JSON, so later changes to the billing address or the seller's configuration never rewrite
 * an issued invoice; its number comes from the seller's gap-free sequence, counted in the
 * billing transaction (a rolled-back run takes no number).
 */
export const invoiceDetails: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      alter table invoices add column number text;
      alter table invoices add column details jsonb;
      create unique index invoices_number on invoices (number);
      create table invoice_number_sequences (
        seller text primary key,
        last_number integer not null
      )
    `);
  },
};
