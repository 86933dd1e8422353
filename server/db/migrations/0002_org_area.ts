import type { Kysely, Migration } from "kysely";
import { runStatements } from "./runStatements";

/**
 * Invoices of a billing account. The payment provider writes them (a later issue); until then
 * the billing page shows the empty table. Deleting the billing account deletes its invoices.
 */
export const orgArea: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      create table invoices (
        id text primary key,
        billing_account_id text not null references billing_accounts(id) on delete cascade,
        payment_provider_invoice_id text unique,
        date timestamptz not null,
        status text not null,
        amount_paid integer not null,
        currency text not null,
        invoice_pdf text,
        created_at timestamptz not null default now()
      );
      create index invoices_billing_account on invoices (billing_account_id, date desc, id);
    `);
  },
};
