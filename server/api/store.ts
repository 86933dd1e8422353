import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { newId } from "../graphql/ids";

export type ApiRow = Selectable<Tables["apis"]>;

export function toApi(row: ApiRow) {
  return {
    id: row.id,
    name: row.name,
    orgId: row.org_id,
    region: row.region,
    state: row.state,
    creationType: row.creation_type,
    defaultAuthMode: row.default_auth_mode,
    additionalAuthModes: row.additional_auth_modes,
    awsAccountId: row.aws_account_id,
    usePrefix: row.use_prefix,
    graphqlUrl: row.graphql_url,
    schema: row.schema,
    oidc: row.oidc,
    queryExplorerString: row.query_explorer_string,
    apiKey: row.default_api_key_id,
    retentionInDays: row.retention_in_days,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
export type Api = ReturnType<typeof toApi>;

/**
 * Newest first, as the dashboard shows them; a page starts after the project `afterId` (keyset,
 * on the apis_org index). The cursor row's created_at is compared in SQL: a JavaScript Date
 * drops the microseconds PostgreSQL keeps.
 */
export async function listApisOfOrg(db: DbOrTx, orgId: string, limit: number, afterId: string | null) {
  let query = db.selectFrom("apis").selectAll().where("org_id", "=", orgId);
  if (afterId !== null) {
    const createdAt = db.selectFrom("apis").select("created_at").where("id", "=", afterId).where("org_id", "=", orgId);
    query = query.where((eb) =>
      eb.or([eb("created_at", "<", createdAt), eb.and([eb("created_at", "=", createdAt), eb("id", ">", afterId)])]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id").limit(limit).execute();
}

export async function findApi(db: DbOrTx, id: string) {
  return db.selectFrom("apis").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface NewApi {
  orgId: string;
  name: string;
  region: string;
  state: string;
  creationType: string;
  defaultAuthMode: string;
  additionalAuthModes: string[];
  awsAccountId: string;
  usePrefix: boolean;
  oidc: string | null;
  schema: string;
}

export async function insertApi(db: DbOrTx, values: NewApi) {
  return db
    .insertInto("apis")
    .values({
      id: newId("Api"),
      org_id: values.orgId,
      name: values.name,
      region: values.region,
      state: values.state,
      creation_type: values.creationType,
      default_auth_mode: values.defaultAuthMode,
      additional_auth_modes: JSON.stringify(values.additionalAuthModes),
      aws_account_id: values.awsAccountId,
      use_prefix: values.usePrefix,
      oidc: values.oidc,
      schema: values.schema,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ApiChanges {
  name?: string;
  region?: string;
  schema?: string;
  defaultAuthMode?: string;
  additionalAuthModes?: string[];
  oidc?: string | null;
  authProviderClientId?: string | null;
  queryExplorerString?: string | null;
  awsAccountId?: string;
}

export async function updateApiRow(db: DbOrTx, id: string, changes: ApiChanges) {
  const set = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.region !== undefined ? { region: changes.region } : {}),
    ...(changes.schema !== undefined ? { schema: changes.schema } : {}),
    ...(changes.defaultAuthMode !== undefined ? { default_auth_mode: changes.defaultAuthMode } : {}),
    ...(changes.additionalAuthModes !== undefined ? { additional_auth_modes: JSON.stringify(changes.additionalAuthModes) } : {}),
    ...(changes.oidc !== undefined ? { oidc: changes.oidc } : {}),
    ...(changes.authProviderClientId !== undefined ? { auth_provider_client_id: changes.authProviderClientId } : {}),
    ...(changes.queryExplorerString !== undefined ? { query_explorer_string: changes.queryExplorerString } : {}),
    ...(changes.awsAccountId !== undefined ? { aws_account_id: changes.awsAccountId } : {}),
  };
  return db
    .updateTable("apis")
    .set({ ...set, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The row locked for the rest of the transaction, so concurrent updates apply one after another. */
export async function findApiForUpdate(db: DbOrTx, id: string) {
  return db.selectFrom("apis").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}
