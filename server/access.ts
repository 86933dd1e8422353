import type { DbOrTx } from "./db/database";
import type { Context } from "./graphqlKit/context";
import { requireViewer, type Viewer } from "./graphqlKit/context";
import { forbidden } from "./graphqlKit/errors";
import { findOrgWithRoleOf, type OrgRow } from "./org/store";
import { isSuperuser, permissionsFor, ROLE_TYPES, type Permission, type RoleType } from "../src/domain/permissions";

export interface Membership {
  roleType: RoleType;
  permissions: Permission[];
  roleId: string | null;
}

/** The org (undefined when missing) and the caller's standing there (null when none). */
interface OrgAccess {
  org: OrgRow | undefined;
  membership: Membership | null;
}

/**
 * The caller's standing in an org: their role there, or SUPERUSER for platform superusers.
 * Everyone else is refused with FORBIDDEN — also when the org does not exist, so ids of other
 * workspaces reveal nothing.
 */
export async function requireMembership(ctx: Context, orgId: string, db: DbOrTx = ctx.db): Promise<Membership> {
  return (await requireOrgAccess(ctx, orgId, db)).membership;
}

/** requireMembership with the org's row, which the same query reads (Query.org needs both). */
export async function requireOrgAccess(ctx: Context, orgId: string, db: DbOrTx = ctx.db): Promise<{ org: OrgRow; membership: Membership }> {
  const viewer = requireViewer(ctx);
  // Inside a transaction the role is read there, so the check holds for what the mutation writes.
  const { org, membership } = db === ctx.db ? await orgAccess(ctx, viewer, orgId) : await lookUpOrgAccess(viewer, orgId, db);
  if (!org || !membership) throw forbidden();
  return { org, membership };
}

/** Platform-wide permissions: SUPERUSER's for the superusers of SUPERUSER_EMAILS, none for anyone else. */
const platformPermissions = (viewer: Viewer | null) => (viewer?.superuser ? permissionsFor("SUPERUSER") : []);

/** What only the platform's operators may do outside any workspace (coupons, draft templates, others' user records). */
export function requireSuperuser(ctx: Context): Viewer {
  const viewer = requireViewer(ctx);
  if (!isSuperuser(platformPermissions(viewer))) throw forbidden();
  return viewer;
}

/** requireSuperuser for optional reads: false instead of an error, also for anonymous callers. */
export const viewerIsSuperuser = (ctx: Context) => isSuperuser(platformPermissions(ctx.viewer));

/**
 * The caller's standing for optional reads (viewerCan… fields, node, lists): null instead of
 * an error, also for anonymous callers.
 */
export async function viewerStanding(ctx: Context, orgId: string): Promise<Membership | null> {
  if (!ctx.viewer) return null;
  return (await orgAccess(ctx, ctx.viewer, orgId)).membership;
}

/*
 * The one standing cache: per org, looked up once per HTTP request and shared by every resolver
 * that asks, so a request that touches an org many times reads its role once. Keyed by the
 * request's Context, so it ends with the request. Subscriptions live on, so they are not
 * remembered and look up their standing afresh for every event.
 */
const accessPerRequest = new WeakMap<Context, Map<string, Promise<OrgAccess>>>();

/** Lets the access checks remember what they read for the length of this (short-lived) request. */
export function rememberStandingsFor(ctx: Context): Context {
  accessPerRequest.set(ctx, new Map());
  return ctx;
}

function orgAccess(ctx: Context, viewer: Viewer, orgId: string): Promise<OrgAccess> {
  const byOrg = accessPerRequest.get(ctx);
  if (!byOrg) return lookUpOrgAccess(viewer, orgId, ctx.db);
  let access = byOrg.get(orgId);
  if (!access) {
    access = lookUpOrgAccess(viewer, orgId, ctx.db);
    // A failed read is not remembered: another resolver may try again.
    access.catch(() => byOrg.delete(orgId));
    byOrg.set(orgId, access);
  }
  return access;
}

async function lookUpOrgAccess(viewer: Viewer, orgId: string, db: DbOrTx): Promise<OrgAccess> {
  const found = await findOrgWithRoleOf(db, orgId, viewer.email);
  if (!found) return { org: undefined, membership: null };
  const { viewerRole, ...org } = found;
  return { org, membership: standingFrom(viewer, viewerRole) };
}

/**
 * The role types whose holders `allowed` (a rule of src/domain/permissions.ts) lets act, for
 * checks made inside a statement; a role's permissions follow from its type alone, as in
 * standingFrom below, and NONE is no standing.
 */
export function roleTypesAllowedBy(allowed: (permissions: Permission[]) => boolean): RoleType[] {
  return ROLE_TYPES.filter((type) => type !== "NONE" && allowed(permissionsFor(type)));
}

/** The platform superuser acts as SUPERUSER everywhere, also where they hold a role. */
function standingFrom(viewer: Viewer, role: { id: string; type: string } | null): Membership | null {
  if (viewer.superuser) return { roleType: "SUPERUSER", permissions: permissionsFor("SUPERUSER"), roleId: role?.id ?? null };
  if (!role || role.type === "NONE") return null;
  const roleType = role.type as RoleType;
  return { roleType, permissions: permissionsFor(roleType), roleId: role.id };
}
