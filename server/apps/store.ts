import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import type { SchemaModel } from "../../src/domain/model";
import { newId } from "../graphqlKit/ids";

type AppRow = Selectable<Tables["customer_apps"]>;

export async function findCustomerApp(db: DbOrTx, id: string) {
  return db.selectFrom("customer_apps").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The app and its project's workspace: who may see it is decided by the workspace. */
export async function findCustomerAppWithOrg(db: DbOrTx, id: string) {
  return db
    .selectFrom("customer_apps")
    .innerJoin("apis", "apis.id", "customer_apps.api_id")
    .selectAll("customer_apps")
    .select("apis.org_id")
    .where("customer_apps.id", "=", id)
    .executeTakeFirst();
}

/** Locks the app's row for the mutation's transaction (two saves never interleave). */
export async function findCustomerAppForUpdate(db: DbOrTx, id: string) {
  return db
    .selectFrom("customer_apps")
    .innerJoin("apis", "apis.id", "customer_apps.api_id")
    .selectAll("customer_apps")
    .select("apis.org_id")
    .where("customer_apps.id", "=", id)
    .forUpdate("customer_apps")
    .executeTakeFirst();
}

/** Newest first (spec §7 'descending'); a page starts after the app `afterId` (keyset on created_at, id). */
export async function listCustomerApps(db: DbOrTx, apiId: string, limit: number, afterId: string | null) {
  let query = db.selectFrom("customer_apps").selectAll().where("api_id", "=", apiId);
  if (afterId !== null) {
    const cursor = db.selectFrom("customer_apps").select("created_at").where("id", "=", afterId).where("api_id", "=", apiId);
    query = query.where((eb) => eb.or([eb("created_at", "<", cursor), eb.and([eb("created_at", "=", cursor), eb("id", ">", afterId)])]));
  }
  return query.orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
}

export async function countCustomerApps(db: DbOrTx, apiId: string) {
  const row = await db.selectFrom("customer_apps").select((eb) => eb.fn.countAll<string>().as("count")).where("api_id", "=", apiId).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertCustomerApp(db: DbOrTx, values: { apiId: string; name: string; schema: string; apiDeclaration: string }) {
  return db
    .insertInto("customer_apps")
    .values({ id: newId("CustomerApp"), api_id: values.apiId, name: values.name, schema: values.schema, api_declaration: values.apiDeclaration })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface CustomerAppChanges {
  name?: string;
  schema?: string;
  apiDeclaration?: string;
  logo?: { key: string; mimeType: string } | null;
}

export async function updateCustomerAppRow(db: DbOrTx, id: string, changes: CustomerAppChanges) {
  return db
    .updateTable("customer_apps")
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.schema !== undefined ? { schema: changes.schema } : {}),
      ...(changes.apiDeclaration !== undefined ? { api_declaration: changes.apiDeclaration } : {}),
      ...(changes.logo !== undefined ? { logo_key: changes.logo?.key ?? null, logo_mime_type: changes.logo?.mimeType ?? null } : {}),
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCustomerAppRow(db: DbOrTx, id: string) {
  return db.deleteFrom("customer_apps").where("id", "=", id).returningAll().executeTakeFirst();
}

/** The model the project's endpoint serves now, or null before the first publish. */
export async function liveModelOf(db: DbOrTx, apiId: string): Promise<SchemaModel | null> {
  const row = await db.selectFrom("project_live_versions").select("model").where("api_id", "=", apiId).executeTakeFirst();
  if (!row) return null;
  return (typeof row.model === "string" ? JSON.parse(row.model) : row.model) as SchemaModel;
}

/** Spec §3 apiDeclaration: the project's types and enums as the app was saved against them. */
export const declarationOf = (model: SchemaModel | null) => JSON.stringify({ types: model?.objectTypes ?? [], enums: model?.enumTypes ?? [] });

export const logoObjectKey = (appId: string) => `apps/${appId}/logo`;

export function toCustomerApp(row: Pick<AppRow, "id" | "api_id" | "name" | "schema" | "api_declaration" | "logo_key" | "created_at" | "updated_at">) {
  return {
    id: row.id,
    apiId: row.api_id,
    name: row.name,
    schema: row.schema,
    apiDeclaration: row.api_declaration,
    hasLogo: row.logo_key !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
export type CustomerApp = ReturnType<typeof toCustomerApp>;
