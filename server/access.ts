import type { DbOrTx } from "./db/database";
import type { Context } from "./graphql/context";
import { requireViewer, type Viewer } from "./graphql/context";
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
  // Inside a transaction the role is read there, so the check holds for what the mutation writes.
  if (db !== ctx.db) return standingOf(viewer, orgId, db);
  return (await cachedStanding(ctx, viewer, orgId)) ?? forbiddenStanding();
}

/*
 * The caller's standing per org, looked up once per HTTP request and shared by every resolver
 * that asks (issue 15: the session and role resolved once per request). Keyed by the request's
 * Context, so it ends with the request. Subscriptions live on and re-read it for every event.
 */
const standingsPerRequest = new WeakMap<Context, Map<string, Promise<Membership | null>>>();

/** Lets requireMembership remember standings for the length of this (short-lived) request. */
export function rememberStandingsFor(ctx: Context): Context {
  standingsPerRequest.set(ctx, new Map());
  return ctx;
}

async function cachedStanding(ctx: Context, viewer: Viewer, orgId: string): Promise<Membership | null> {
  const byOrg = standingsPerRequest.get(ctx);
  if (!byOrg) return standingOf(viewer, orgId, ctx.db).catch((error) => (isForbidden(error) ? null : Promise.reject(error)));
  let standing = byOrg.get(orgId);
  if (!standing) {
    standing = standingOf(viewer, orgId, ctx.db).catch((error) => {
      if (isForbidden(error)) return null;
      byOrg.delete(orgId);
      throw error;
    });
    byOrg.set(orgId, standing);
  }
  return standing;
}

function forbiddenStanding(): never {
  throw forbidden();
}

const isForbidden = (error: unknown) => (error as { extensions?: { code?: string } })?.extensions?.code === "FORBIDDEN";

async function standingOf(viewer: Viewer, orgId: string, db: DbOrTx): Promise<Membership> {
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
