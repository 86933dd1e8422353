import type { DbOrTx } from "./db/database";
import type { Context } from "./graphql/context";
import { requireViewer } from "./graphql/context";
import { forbidden } from "./graphql/errors";
import { findRoleOfEmail } from "./role/store";
import { permissionsFor, type Permission, type RoleType } from "../src/domain/permissions";

export interface Membership {
  roleType: RoleType;
  permissions: Permission[];
  roleId: string | null;
}

/**
 * The caller's standing in an org: their role there, or SUPERUSER for platform superusers.
 * Everyone else is refused with FORBIDDEN — also when the org does not exist, so ids of other
 * workspaces reveal nothing.
 */
export async function requireMembership(ctx: Context, orgId: string, db: DbOrTx = ctx.db): Promise<Membership> {
  const viewer = requireViewer(ctx);
  const role = await findRoleOfEmail(db, orgId, viewer.email);
  // The platform superuser acts as SUPERUSER everywhere, also where they hold a role.
  if (viewer.superuser) {
    const org = await db.selectFrom("orgs").select("id").where("id", "=", orgId).executeTakeFirst();
    if (org) return { roleType: "SUPERUSER", permissions: permissionsFor("SUPERUSER"), roleId: role?.id ?? null };
  }
  if (role && role.type !== "NONE") {
    const roleType = role.type as RoleType;
    return { roleType, permissions: permissionsFor(roleType), roleId: role.id };
  }
  throw forbidden();
}

/** Same as requireMembership but for optional reads: null instead of an error. */
export async function membershipOrNull(ctx: Context, orgId: string): Promise<Membership | null> {
  try {
    return await requireMembership(ctx, orgId);
  } catch {
    return null;
  }
}

/**
 * The caller's standing for the viewerCan… fields and list resolvers: looked up once per org and
 * request, however many fields ask, and null instead of an error.
 */
const standings = new WeakMap<Context, Map<string, Promise<Membership | null>>>();
export function viewerStanding(ctx: Context, orgId: string): Promise<Membership | null> {
  let byOrg = standings.get(ctx);
  if (!byOrg) standings.set(ctx, (byOrg = new Map()));
  let standing = byOrg.get(orgId);
  if (!standing) byOrg.set(orgId, (standing = membershipOrNull(ctx, orgId)));
  return standing;
}
