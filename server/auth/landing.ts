import { sql } from "kysely";
import type { DbOrTx } from "../db/database";
import { userIdFromSub } from "../graphqlKit/ids";

/** The ID token claim naming the workspace a sign-in lands in (Cognito's custom-claim form). */
export const LANDING_ORG_CLAIM = "custom:landing_org";

/**
 * The workspace a password sign-in lands in, chosen by spec §4's rule ("the one for the
 * remembered org, else the first"), the service remembering the org signed in to last; that
 * role's last sign-in is recorded here, as part of signing in, so the console lands on the
 * dashboard without a roles request or a last-sign-in mutation of its own. Undefined when the
 * user has no platform record yet or no role in an existing workspace: the console then asks
 * for its roles (creating the record, or sending the user to workspace setup).
 */
export async function landOnWorkspace(db: DbOrTx, sub: string, email: string): Promise<string | undefined> {
  const record = await db.selectFrom("users").select("id").where("id", "=", userIdFromSub(sub)).executeTakeFirst();
  if (!record) return undefined;
  const role = await db
    .selectFrom("roles")
    .innerJoin("orgs", "orgs.id", "roles.org_id")
    .select(["roles.id", "roles.org_id"])
    .where("roles.user_email", "=", email.toLowerCase())
    .where("roles.type", "!=", "NONE")
    .orderBy(sql`roles.last_sign_in_at desc nulls last`)
    .orderBy("roles.created_at")
    .orderBy("roles.id")
    .executeTakeFirst();
  if (!role) return undefined;
  await db.updateTable("roles").set({ last_sign_in_at: new Date() }).where("id", "=", role.id).execute();
  return role.org_id;
}
