import type { Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import type { Tables } from "../db/tables";
import { permissionsFor, type RoleType } from "../../src/domain/permissions";
import { newId } from "../graphqlKit/ids";

type RoleRow = Selectable<Tables["roles"]>;

export function toRole(row: RoleRow) {
  const type = row.type as RoleType;
  return {
    id: row.id,
    type,
    userEmail: row.user_email,
    orgId: row.org_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSignInAt: row.last_sign_in_at,
    permissionConnection: { items: permissionsFor(type) },
  };
}
export type Role = ReturnType<typeof toRole>;

export async function findRole(db: DbOrTx, id: string) {
  return db.selectFrom("roles").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The caller's role in an org, by email: invitations exist before the invitee signs up. */
export async function findRoleOfEmail(db: DbOrTx, orgId: string, email: string) {
  return db
    .selectFrom("roles")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("user_email", "=", email.toLowerCase())
    .executeTakeFirst();
}

/** Oldest first; a page starts after the role `afterId` (keyset paging, see graphqlKit/connection.ts). */
export async function listRolesOfEmail(db: DbOrTx, email: string, limit: number, afterId: string | null) {
  const address = email.toLowerCase();
  let query = db.selectFrom("roles").selectAll().where("user_email", "=", address);
  if (afterId !== null) {
    const createdAt = db.selectFrom("roles").select("created_at").where("id", "=", afterId).where("user_email", "=", address);
    query = query.where((eb) => eb.or([eb("created_at", ">", createdAt), eb.and([eb("created_at", "=", createdAt), eb("id", ">", afterId)])]));
  }
  return query.orderBy("created_at").orderBy("id").limit(limit).execute();
}

/** Oldest first; a page starts after the role `afterId` (keyset paging, see graphqlKit/connection.ts). */
export async function listRolesOfOrg(db: DbOrTx, orgId: string, limit: number, afterId: string | null) {
  let query = db.selectFrom("roles").selectAll().where("org_id", "=", orgId);
  if (afterId !== null) {
    const createdAt = db.selectFrom("roles").select("created_at").where("id", "=", afterId).where("org_id", "=", orgId);
    query = query.where((eb) => eb.or([eb("created_at", ">", createdAt), eb.and([eb("created_at", "=", createdAt), eb("id", ">", afterId)])]));
  }
  return query.orderBy("created_at").orderBy("id").limit(limit).execute();
}

export async function countRolesOfOrg(db: DbOrTx, orgId: string) {
  return countRoles(db, "org_id", orgId);
}

export async function countRolesOfEmail(db: DbOrTx, email: string) {
  return countRoles(db, "user_email", email.toLowerCase());
}

async function countRoles(db: DbOrTx, column: "org_id" | "user_email", value: string) {
  const { count } = await db
    .selectFrom("roles")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where(column, "=", value)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertRole(db: DbOrTx, values: { orgId: string; email: string; type: RoleType }) {
  return db
    .insertInto("roles")
    .values({ id: newId("Role"), org_id: values.orgId, user_email: values.email.toLowerCase(), type: values.type })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRoleRow(
  db: DbOrTx,
  id: string,
  changes: { type?: RoleType; lastSignInAt?: Date },
) {
  return db
    .updateTable("roles")
    .set({
      ...(changes.type ? { type: changes.type } : {}),
      ...(changes.lastSignInAt ? { last_sign_in_at: changes.lastSignInAt } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The org's owners, locked until the transaction ends, so two demotions cannot both pass. */
export async function lockOwnersOfOrg(db: DbOrTx, orgId: string) {
  const rows = await db
    .selectFrom("roles")
    .select("id")
    .where("org_id", "=", orgId)
    .where("type", "=", "OWNER")
    .forUpdate()
    .execute();
  return rows.length;
}

/** How many owners the org has (no lock: for what the console offers, deleteRole checks again). */
export async function countOwnersOfOrg(db: DbOrTx, orgId: string) {
  const row = await db
    .selectFrom("roles")
    .select((eb) => eb.fn.countAll<string>().as("owners"))
    .where("org_id", "=", orgId)
    .where("type", "=", "OWNER")
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

export async function deleteRoleRow(db: DbOrTx, id: string) {
  await db.deleteFrom("roles").where("id", "=", id).execute();
}
