import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { newId } from "../graphql/ids";

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

export async function listBillingAccountsOfOrg(db: DbOrTx, orgId: string, limit: number, offset: number) {
  return db
    .selectFrom("billing_accounts")
    .selectAll()
    .where("org_id", "=", orgId)
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function findBillingAccount(db: DbOrTx, id: string) {
  return db.selectFrom("billing_accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One billing account per org: an existing one is updated, otherwise one is created. */
export async function upsertBillingAccountOfOrg(
  db: DbOrTx,
  values: { orgId: string; name: string; billingEmail: string; paymentProviderId: string },
) {
  const [existing] = await listBillingAccountsOfOrg(db, values.orgId, 1, 0);
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
