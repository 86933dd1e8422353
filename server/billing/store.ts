import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { newId } from "../graphqlKit/ids";
import type { InvoiceDetails } from "../pay/invoiceModel";

export type BillingAccountRow = Selectable<Tables["billing_accounts"]>;

export function toBillingAccount(row: BillingAccountRow) {
  return {
    id: row.id,
    name: row.name,
    orgId: row.org_id,
    billingAddress: row.billing_address,
    billingEmail: row.billing_email,
    paymentProviderId: row.payment_provider_id,
    vatId: row.vat_id,
  };
}

/** Oldest first; a page starts after the account `afterId` (keyset paging, see graphqlKit/connection.ts). */
export async function listBillingAccountsOfOrg(db: DbOrTx, orgId: string, limit: number, afterId: string | null = null) {
  let query = db.selectFrom("billing_accounts").selectAll().where("org_id", "=", orgId);
  if (afterId !== null) {
    const createdAt = db.selectFrom("billing_accounts").select("created_at").where("id", "=", afterId).where("org_id", "=", orgId);
    query = query.where((eb) => eb.or([eb("created_at", ">", createdAt), eb.and([eb("created_at", "=", createdAt), eb("id", ">", afterId)])]));
  }
  return query.orderBy("created_at").orderBy("id").limit(limit).execute();
}

export async function findBillingAccount(db: DbOrTx, id: string) {
  return db.selectFrom("billing_accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One billing account per org: an existing one is updated, otherwise one is created. */
export async function upsertBillingAccountOfOrg(
  db: DbOrTx,
  values: { orgId: string; name: string; billingEmail: string; paymentProviderId: string },
) {
  const [existing] = await listBillingAccountsOfOrg(db, values.orgId, 1);
  if (existing) {
    return db
      .updateTable("billing_accounts")
      .set({
        name: values.name,
        billing_email: values.billingEmail,
        payment_provider_id: values.paymentProviderId || existing.payment_provider_id,
        updated_at: new Date(),
      })
      .where("id", "=", existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return db
    .insertInto("billing_accounts")
    .values({
      id: newId("BillingAccount"),
      org_id: values.orgId,
      name: values.name,
      billing_email: values.billingEmail,
      payment_provider_id: values.paymentProviderId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface BillingDetailsRow {
  name: string;
  billingEmail: string;
  billingAddress: string;
  vatId: string | null;
}

/** createBillingAccount: the org keeps one billing account, so an existing one is overwritten. */
export async function saveBillingAccountOfOrg(db: DbOrTx, orgId: string, details: BillingDetailsRow) {
  const [existing] = await listBillingAccountsOfOrg(db, orgId, 1);
  if (existing) return updateBillingAccountRow(db, existing.id, details);
  return db
    .insertInto("billing_accounts")
    .values({
      id: newId("BillingAccount"),
      org_id: orgId,
      name: details.name,
      billing_email: details.billingEmail,
      billing_address: details.billingAddress,
      vat_id: details.vatId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateBillingAccountRow(db: DbOrTx, id: string, details: BillingDetailsRow) {
  return db
    .updateTable("billing_accounts")
    .set({
      name: details.name,
      billing_email: details.billingEmail,
      billing_address: details.billingAddress,
      vat_id: details.vatId,
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type InvoiceRow = Selectable<Tables["invoices"]>;

export function toInvoice(row: InvoiceRow) {
  return {
    id: row.id,
    date: row.date,
    status: row.status,
    amountPaid: row.amount_paid,
    currency: row.currency,
    invoicePdf: row.invoice_pdf,
  };
}

export interface NewInvoice {
  billingAccountId: string;
  paymentProviderInvoiceId?: string;
  date: Date;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  amountPaid: number;
  currency: string;
  invoicePdf?: string;
  /** The seller's sequential number; the built-in provider's invoices have one. */
  number?: string;
  details?: InvoiceDetails;
}

/** The payment provider records an invoice here (and tests seed them the same way). */
export async function insertInvoice(db: DbOrTx, invoice: NewInvoice) {
  return db
    .insertInto("invoices")
    .values({
      id: newId("Invoice"),
      billing_account_id: invoice.billingAccountId,
      payment_provider_invoice_id: invoice.paymentProviderInvoiceId ?? null,
      date: invoice.date,
      status: invoice.status,
      amount_paid: invoice.amountPaid,
      currency: invoice.currency,
      invoice_pdf: invoice.invoicePdf ?? null,
      number: invoice.number ?? null,
      details: invoice.details ? JSON.stringify(invoice.details) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Newest first; a page starts after the invoice `afterId` (keyset paging, see graphqlKit/connection.ts). */
export async function listInvoicesOfBillingAccount(db: DbOrTx, billingAccountId: string, limit: number, afterId: string | null, offset = 0) {
  let query = db.selectFrom("invoices").selectAll().where("billing_account_id", "=", billingAccountId);
  if (afterId !== null) {
    const date = db.selectFrom("invoices").select("date").where("id", "=", afterId).where("billing_account_id", "=", billingAccountId);
    query = query.where((eb) => eb.or([eb("date", "<", date), eb.and([eb("date", "=", date), eb("id", ">", afterId)])]));
  }
  return query.orderBy("date", "desc").orderBy("id").limit(limit).offset(offset).execute();
}

export async function countInvoicesOfBillingAccount(db: DbOrTx, billingAccountId: string) {
  const { count } = await db
    .selectFrom("invoices")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("billing_account_id", "=", billingAccountId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** What the account's invoices paid in all, per currency (capitals), largest currency first by code. */
export async function sumInvoicesPaidOfBillingAccount(db: DbOrTx, billingAccountId: string) {
  const rows = await db
    .selectFrom("invoices")
    .select((eb) => [eb.fn<string>("upper", ["currency"]).as("currency"), eb.fn.sum<string>("amount_paid").as("amount")])
    .where("billing_account_id", "=", billingAccountId)
    .groupBy((eb) => eb.fn("upper", ["currency"]))
    .orderBy("currency")
    .execute();
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

/** An invoice with the org it belongs to, for node(id:). */
export async function findInvoiceWithOrg(db: DbOrTx, id: string) {
  return db
    .selectFrom("invoices")
    .innerJoin("billing_accounts", "billing_accounts.id", "invoices.billing_account_id")
    .selectAll("invoices")
    .select("billing_accounts.org_id")
    .where("invoices.id", "=", id)
    .executeTakeFirst();
}
