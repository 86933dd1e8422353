import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";

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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Newest first, as the dashboard shows them. */
export async function listApisOfOrg(db: DbOrTx, orgId: string, limit: number, offset: number) {
  return db
    .selectFrom("apis")
    .selectAll()
    .where("org_id", "=", orgId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function findApi(db: DbOrTx, id: string) {
  return db.selectFrom("apis").selectAll().where("id", "=", id).executeTakeFirst();
}
