import type { DbOrTx } from "../../db/database";
import { isUuid } from "../../auth/users";

/** A project pool user's groups, by name (their `cognito:groups`). */
export async function groupsOfUser(db: DbOrTx, apiId: string, sub: string): Promise<string[]> {
  const rows = await db
    .selectFrom("project_user_groups")
    .select("group_name")
    .where("api_id", "=", apiId)
    .where("sub", "=", sub)
    .orderBy("group_name")
    .execute();
  return rows.map((row) => row.group_name);
}

/** Whether the id names a user who can sign in to the project's pool; `lock` holds them until `db` commits. */
export async function isPoolUser(db: DbOrTx, apiId: string, userId: string, options: { lock: boolean }): Promise<boolean> {
  // Entry ids of other tables are not UUIDs; the sub column would refuse them with an error.
  if (!isUuid(userId)) return false;
  const query = db.selectFrom("project_user_credentials").select("sub").where("api_id", "=", apiId).where("sub", "=", userId);
  return Boolean(await (options.lock ? query.forUpdate() : query).executeTakeFirst());
}

export async function addUserToGroup(db: DbOrTx, apiId: string, sub: string, group: string): Promise<void> {
  await db
    .insertInto("project_user_groups")
    .values({ api_id: apiId, sub, group_name: group })
    .onConflict((conflict) => conflict.columns(["api_id", "sub", "group_name"]).doNothing())
    .execute();
}

export async function removeUserFromGroup(db: DbOrTx, apiId: string, sub: string, group: string): Promise<void> {
  await db.deleteFrom("project_user_groups").where("api_id", "=", apiId).where("sub", "=", sub).where("group_name", "=", group).execute();
}
