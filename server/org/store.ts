import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { newId } from "../graphql/ids";
import { apiListRowFromJson, apisPageQuery } from "../api/store";

export type OrgRow = Selectable<Tables["orgs"]>;

export function toOrg(row: OrgRow) {
  return {
    id: row.id,
    name: row.name,
    awsAccountId: row.aws_account_id,
    dataProcessingCategories: row.data_processing_categories,
    website: row.website,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
export type Org = ReturnType<typeof toOrg>;

export async function findOrg(db: DbOrTx, id: string) {
  return db.selectFrom("orgs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A page of the org's projects a request asks for (Org.apis's keyset window). */
export interface ApisPageWindow {
  limit: number;
  afterId: string | null;
}

/**
 * An org with the role this email holds there (null when none), in one query: every request
 * that touches an org needs both (access.ts). With `apisPage`, the same statement also reads that
 * page of the org's projects (`limit + 1` rows, as Org.apis reads them), so the console's project list is one round trip.
 */
export async function findOrgWithRoleOf(db: DbOrTx, id: string, email: string, apisPage?: ApisPageWindow) {
  const row = await db
    .selectFrom("orgs")
    .leftJoin("roles", (join) => join.onRef("roles.org_id", "=", "orgs.id").on("roles.user_email", "=", email.toLowerCase()))
    .selectAll("orgs")
    .select(["roles.id as viewer_role_id", "roles.type as viewer_role_type"])
    .$if(apisPage !== undefined, (query) =>
      // One row more than the page, so the connection knows whether another page follows.
      query.select(jsonArrayFrom(apisPageQuery(db, id, apisPage!.limit + 1, apisPage!.afterId)).as("apis_page")),
    )
    .where("orgs.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { viewer_role_id: roleId, viewer_role_type: roleType, apis_page: apisRows, ...org } = row;
  return {
    ...org,
    viewerRole: roleId && roleType ? { id: roleId, type: roleType } : null,
    apis: apisPage && apisRows ? { window: apisPage, rows: apisRows.map(apiListRowFromJson) } : undefined,
  };
}

export async function findOrgs(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("orgs").selectAll().where("id", "in", ids).execute();
}

export async function insertOrg(db: DbOrTx, values: { name: string }) {
  return db.insertInto("orgs").values({ id: newId("Org"), name: values.name }).returningAll().executeTakeFirstOrThrow();
}

/** Locks the org row for the rest of the transaction (deletion, concurrent renames). */
export async function findOrgForUpdate(db: DbOrTx, id: string) {
  return db.selectFrom("orgs").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export interface OrgChanges {
  name?: string;
  dataProcessingCategories?: string;
  website?: string | null;
}

/**
 * Applies the changes if the caller may: a platform superuser, or a holder of one of `roleTypes`
 * in the org — checked in the same statement. Undefined when the org is missing or the caller
 * holds no such role.
 */
export async function updateOrgRowAs(db: DbOrTx, id: string, changes: OrgChanges, caller: { email: string; superuser: boolean }, roleTypes: readonly string[]) {
  return db
    .updateTable("orgs")
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.dataProcessingCategories !== undefined ? { data_processing_categories: changes.dataProcessingCategories } : {}),
      ...(changes.website !== undefined ? { website: changes.website } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .$if(!caller.superuser, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("roles")
            .select("roles.id")
            .whereRef("roles.org_id", "=", "orgs.id")
            .where("roles.user_email", "=", caller.email.toLowerCase())
            .where("roles.type", "in", [...roleTypes]),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Deletes the workspace and everything in it: roles, billing accounts with their invoices and
 * projects with their rows all follow by the foreign keys' `on delete cascade`.
 */
export async function deleteOrgCascade(db: DbOrTx, id: string) {
  await db.deleteFrom("orgs").where("id", "=", id).execute();
}
