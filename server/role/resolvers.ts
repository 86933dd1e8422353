import type { Context } from "../graphql/context";
import { requireViewer } from "../graphql/context";
import { forbidden, notFound, refuse } from "../graphql/errors";
import { requireMembership } from "../access";
import { countRolesOfOrg, findRole, listRolesOfOrg, toRole, updateRoleRow, type Role } from "./store";
import { findOrg, toOrg } from "../org/store";
import { pageWindow, toConnection, type PageArgs } from "../graphql/connection";
import { canManageUsers, isOwner, ROLE_TYPES, type RoleType } from "../../src/domain/permissions";

interface UpdateRoleInput {
  id: string;
  type?: RoleType | null;
  lastSignInAt?: string | null;
}

export const roleResolvers = {
  Query: {
    async rolesByOrg(_: unknown, args: PageArgs & { orgId: string }, ctx: Context) {
      await requireMembership(ctx, args.orgId);
      const window = pageWindow(args);
      const [rows, totalCount] = await Promise.all([
        listRolesOfOrg(ctx.db, args.orgId, window.limit + 1, window.offset),
        countRolesOfOrg(ctx.db, args.orgId),
      ]);
      return toConnection(rows.map(toRole), window, { totalCount });
    },
  },
  Mutation: {
    async updateRole(_: unknown, args: { input: UpdateRoleInput }, ctx: Context) {
      const viewer = requireViewer(ctx);
      const { input } = args;
      const updated = await ctx.db.transaction().execute(async (tx) => {
        const role = await findRole(tx, input.id);
        if (!role) throw notFound();
        const membership = await requireMembership(ctx, role.org_id, tx);
        const ownRole = role.user_email === viewer.email.toLowerCase();
        let lastSignInAt: Date | undefined;
        if (input.lastSignInAt) {
          // Only the member themself records a sign-in.
          if (!ownRole) throw forbidden();
          lastSignInAt = new Date(input.lastSignInAt);
          if (Number.isNaN(lastSignInAt.getTime()))
            throw refuse("BAD_USER_INPUT", "error_invalid_date", "lastSignInAt is not a date.");
        }
        if (input.type) {
          if (!ROLE_TYPES.includes(input.type) || input.type === "SUPERUSER")
            throw refuse("BAD_USER_INPUT", "error_invalid_role", "This role cannot be given.");
          if (!canManageUsers(membership.permissions))
            throw forbidden("error_user_mgt_can_manage", "You are not allowed to manage users.");
          const ownerInvolved = role.type === "OWNER" || input.type === "OWNER";
          if (ownerInvolved && !isOwner(membership.permissions))
            throw forbidden("error_user_mgt_cant_remove_owner", "You have to be OWNER for this action.");
        }
        return updateRoleRow(tx, role.id, { type: input.type ?? undefined, lastSignInAt });
      });
      const role = toRole(updated);
      ctx.pubsub.publish("role:changed", role.orgId, { change: "UPDATED", orgId: role.orgId, role });
      return role;
    },
  },
  Subscription: {
    onRoleChangedInOrg: {
      async subscribe(_: unknown, args: { orgId: string }, ctx: Context) {
        await requireMembership(ctx, args.orgId);
        return ctx.pubsub.subscribe("role:changed", args.orgId);
      },
      resolve: (event: unknown) => event,
    },
  },
  Role: {
    async org(role: Role, _: unknown, ctx: Context) {
      const row = await findOrg(ctx.db, role.orgId);
      return row ? toOrg(row) : null;
    },
  },
};
