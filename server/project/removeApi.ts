import { sql } from "kysely";
import type { DbOrTx } from "../db/database";
import type { ObjectStore } from "../storage/objectStore";
import { askProvider, type Payments } from "../pay/payments";
import { log } from "../log";
import { objectKeyOf } from "../projectEndpoint/files/store";
import { projectIndexNames } from "../projectEndpoint/entries/indexes";

/** The indexes publishing and filtering made for this project (projectEndpoint/entries/indexes.ts, filterIndexes.ts), partial to it. */
async function dropProjectIndexes(tx: DbOrTx, apiId: string) {
  for (const name of await projectIndexNames(tx, apiId)) await sql`drop index if exists ${sql.id(name)}`.execute(tx);
}

/**
 * Removes a project inside the caller's transaction: its bundle subscriptions are cancelled with
 * the provider, its indexes dropped, and the row deleted (entries, keys, activities, runs and
 * plans cascade from it). Returns the object keys to remove once the transaction commits: the
 * declaration zips, the uploaded files and the functions' code.
 */
export async function removeApi(tx: DbOrTx, payments: Payments, apiId: string): Promise<string[]> {
  const subscriptions = await tx.selectFrom("bundle_subscriptions").select(["id", "payment_provider_id"]).where("api_id", "=", apiId).where("status", "<>", "CANCELED").execute();
  for (const subscription of subscriptions) {
    await askProvider(() => payments.provider.cancelSubscription(tx, subscription.payment_provider_id));
  }
  const runs = await tx.selectFrom("publish_runs").select("object_key").where("api_id", "=", apiId).execute();
  const uploads = await tx.selectFrom("project_file_uploads").select(["key", "object_key"]).where("api_id", "=", apiId).execute();
  const files = await tx.selectFrom("project_files").select(["key", "object_key"]).where("api_id", "=", apiId).execute();
  const functions = await tx.selectFrom("project_cloud_functions").select("code_key").where("api_id", "=", apiId).execute();
  await dropProjectIndexes(tx, apiId);
  await tx.deleteFrom("apis").where("id", "=", apiId).execute();
  return [
    ...runs.map((run) => run.object_key),
    ...new Set([...uploads, ...files].map((row) => objectKeyOf(apiId, row))),
    ...functions.map((cloudFunction) => cloudFunction.code_key),
  ];
}

/** After the commit: a key that cannot be removed is logged, never an error for the caller. */
export async function removeObjects(objects: ObjectStore, keys: string[]) {
  for (const key of keys) {
    await objects.delete(key).catch((error: unknown) => log.error(`removing ${key} failed:`, error));
  }
}
