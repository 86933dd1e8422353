import { CompiledQuery, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { newId } from "../graphqlKit/ids";
import { prepared } from "../db/preparedStatements";

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

/** Every column of orgs, by name: the statements below are prepared (preparedStatements.ts). */
const ORG_COLUMNS = ["id", "name", "aws_account_id", "data_processing_categories", "website", "created_at", "updated_at"] as const satisfies readonly (keyof OrgRow)[];
// A column added to orgs fails the type check here until it is listed above.
const everyOrgColumnListed: [Exclude<keyof OrgRow, (typeof ORG_COLUMNS)[number]>] extends [never] ? true : false = true;
void everyOrgColumnListed;
const ORG_COLUMNS_SQL = ORG_COLUMNS.map((column) => `"orgs"."${column}"`).join(", ");

/*
 * The org and the caller's role there, as one statement: $1 the org, $2 the caller's email.
 * Written out once rather than built by the query builder, which would compile it anew on every
 * request.
 */
const ORG_WITH_ROLE = prepared(
  `select ${ORG_COLUMNS_SQL}, "roles"."id" as "viewer_role_id", "roles"."type" as "viewer_role_type" from "orgs" ` +
    `left join "roles" on "roles"."org_id" = "orgs"."id" and "roles"."user_email" = $2 where "orgs"."id" = $1`,
);

type OrgWithRoleRow = OrgRow & { viewer_role_id: string | null; viewer_role_type: string | null };

/** An org with the role this email holds there (null when none): every request that touches an org needs both (access.ts). */
export async function findOrgWithRoleOf(db: DbOrTx, id: string, email: string) {
  const [row] = (await db.executeQuery(CompiledQuery.raw(ORG_WITH_ROLE, [id, email.toLowerCase()]))).rows as OrgWithRoleRow[];
  if (!row) return undefined;
  const { viewer_role_id: roleId, viewer_role_type: roleType, ...org } = row;
  return { ...org, viewerRole: roleId && roleType ? { id: roleId, type: roleType } : null };
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
