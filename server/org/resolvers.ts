import { requireViewer } from "../graphqlKit/context";
import { appendChanges } from "../changes/log";
import { roleChange } from "../changes/topics";
import { forbidden, refuse } from "../graphqlKit/errors";
import { requireMembership, requireOrgAccess, roleTypesAllowedBy, viewerStanding } from "../access";
import { removeApi, removeObjects } from "../project/removeApi";
import { deleteOrgCascade, findOrgForUpdate, findOrgs, insertOrg, toOrg, updateOrgRowAs, type OrgChanges } from "./store";
import { countRolesOfOrg, findRole, insertRole, listRolesOfOrg, toRole } from "../role/store";
import { canAssignRole, INVITABLE_ROLES } from "../../src/domain/members";
import { toApi } from "../project/store";
import { apisPageOf } from "./apisPages";
import { listBillingAccountsOfOrg, toBillingAccount, upsertBillingAccountOfOrg } from "../billing/store";
import { keysetWindow, toKeysetConnection } from "../graphqlKit/connection";
import { deletionConfirmed, parseDataProcessing, validateDataProcessing, validateOrgName, validateOrgWebsite } from "../../src/domain/org";
import { limitWorkspaces } from "../limits/workspace";
import { canDeleteOrg, canEditApis, canManageOrg, canManageUsers } from "../../src/domain/permissions";
import type { Resolvers } from "../graphql/__generated__/resolvers";

/** The role types whose holders may edit the workspace, for the check inside updateOrg's statement. */
const ORG_MANAGING_ROLES = roleTypesAllowedBy(canManageOrg);

/** The changes updateOrg's input asks for, or the refusal of the first invalid value. */
function orgChangesOf(input: { name?: string | null; dataProcessingCategories?: string | null; website?: string | null }) {
  const changes: OrgChanges = {};
  if (input.name != null) {
    const problem = validateOrgName(input.name);
    if (problem) return { changes, refusal: refuse("BAD_USER_INPUT", problem, "Please enter a workspace name.") };
    changes.name = input.name.trim();
  }
  if (input.dataProcessingCategories != null) {
    const problem = validateDataProcessing(input.dataProcessingCategories);
    if (problem) return { changes, refusal: refuse("BAD_USER_INPUT", problem, "The data-processing record is not valid.") };
    changes.dataProcessingCategories = JSON.stringify(parseDataProcessing(input.dataProcessingCategories));
  }
  if (input.website != null) {
    const problem = validateOrgWebsite(input.website);
    if (problem) return { changes, refusal: refuse("BAD_USER_INPUT", problem, "Please enter a valid website address, e.g. https://example.com.") };
    changes.website = input.website.trim() || null;
  }
  return { changes, refusal: null };
}

export const orgResolvers: Resolvers = {
  Query: {
    async org(_, args, ctx) {
      const { org } = await requireOrgAccess(ctx, args.id);
      return toOrg(org);
    },
    /** Orgs the caller has no role in come back as null, like missing ones. */
    async batchGetOrg(_, args, ctx) {
      requireViewer(ctx);
      const rows = await findOrgs(ctx.db, args.ids.slice(0, 100));
      const allowed = await Promise.all(rows.map(async (row) => ((await viewerStanding(ctx, row.id)) ? row : null)));
      const byId = new Map(allowed.filter((row) => row !== null).map((row) => [row.id, toOrg(row)]));
      return args.ids.map((id) => byId.get(id) ?? null);
    },
  },
  Mutation: {
    async createOrg(_, args, ctx) {
      const viewer = requireViewer(ctx);
      const name = args.input.name.trim();
      const problem = validateOrgName(name);
      if (problem) throw refuse("BAD_USER_INPUT", problem, "Please enter a workspace name.");
      return ctx.db.transaction().execute(async (tx) => {
        await limitWorkspaces(tx, ctx.config.limits, viewer.email);
        const org = await insertOrg(tx, { name });
        const role = await insertRole(tx, { orgId: org.id, email: viewer.email, type: "OWNER" });
        // Spec §7 upserts the billing account right after createOrg; in the same transaction a
        // workspace never exists without one.
        const account = await upsertBillingAccountOfOrg(tx, { orgId: org.id, name, billingEmail: viewer.email, paymentProviderId: "" });
        return { org: toOrg(org), role: toRole(role), billingAccount: toBillingAccount(account) };
      });
    },
    /** Name and data-processing record; manage-org only. */
    async updateOrg(_, args, ctx) {
      const { input } = args;
      const viewer = requireViewer(ctx);
      return ctx.db.transaction().execute(async (tx) => {
        const { changes, refusal } = orgChangesOf(input);
        if (refusal) {
          // Outsiders hear FORBIDDEN, whatever they sent; only managers learn what was wrong.
          const membership = await requireMembership(ctx, input.id, tx);
          if (!canManageOrg(membership.permissions)) throw forbidden();
          throw refusal;
        }
        // The role check is part of the UPDATE, so the rename is one statement: no row
        // for a missing org or a caller whose role canManageOrg does not allow.
        const row = await updateOrgRowAs(tx, input.id, changes, viewer, ORG_MANAGING_ROLES);
        if (!row) throw forbidden();
        return toOrg(row);
      });
    },
    /**
     * deleteOrg with deleteBillingAccount, in one transaction: owners only, with the name typed.
     * Members' screens hear a DELETED event for each role once it is committed.
     */
    async deleteOrg(_, args, ctx) {
      const { input } = args;
      const result = await ctx.db.transaction().execute(async (tx) => {
        const membership = await requireMembership(ctx, input.id, tx);
        if (!canDeleteOrg(membership.permissions))
          throw forbidden("error_org_deletion_requires_role", "Only account owners can delete workspaces.");
        const org = await findOrgForUpdate(tx, input.id);
        if (!org) throw forbidden();
        if (!deletionConfirmed(input.confirmName, org.name))
          throw refuse("BAD_USER_INPUT", "error_org_deletion_confirm", "You need to enter the workspace name to confirm deletion.");
        const accounts = await listBillingAccountsOfOrg(tx, org.id, 100);
        const account = input.billingAccountId ? accounts.find((a) => a.id === input.billingAccountId) : accounts[0];
        // A billing account of another workspace is never touched, not even named.
        if (input.billingAccountId && !account) throw forbidden();
        const roles = await listRolesOfOrg(tx, org.id, 10_000, null);
        // Each project goes as deleteApi removes it: plans cancelled, indexes dropped, zips listed.
        const projects = await tx.selectFrom("apis").select("id").where("org_id", "=", org.id).execute();
        const objectKeys: string[] = [];
        for (const project of projects) objectKeys.push(...(await removeApi(tx, ctx.payments, project.id)));
        await deleteOrgCascade(tx, org.id);
        await appendChanges(tx, roles.map((row) => roleChange({ change: "DELETED", orgId: row.org_id, role: toRole(row) })));
        return {
          payload: { org: toOrg(org), deleteBillingAccount: account ? toBillingAccount(account) : null },
          objectKeys,
        };
      });
      ctx.pubsub.changesCommitted();
      await removeObjects(ctx.objects, result.objectKeys);
      return result.payload;
    },
  },
  Org: {
    async billingAccount(org, _, ctx) {
      const [row] = await listBillingAccountsOfOrg(ctx.db, org.id, 1);
      return row ? toBillingAccount(row) : null;
    },
    viewerCanManageOrg: async (org, _, ctx) => {
      const standing = await viewerStanding(ctx, org.id);
      return standing ? canManageOrg(standing.permissions) : false;
    },
    viewerRoleType: async (org, _, ctx) => (await viewerStanding(ctx, org.id))?.roleType ?? null,
    viewerRole: async (org, _, ctx) => {
      const roleId = (await viewerStanding(ctx, org.id))?.roleId;
      const row = roleId ? await findRole(ctx.db, roleId) : undefined;
      return row ? toRole(row) : null;
    },
    viewerAssignableRoles: async (org, _, ctx) => {
      const standing = await viewerStanding(ctx, org.id);
      return standing ? INVITABLE_ROLES.filter((type) => canAssignRole(standing.permissions, type)) : [];
    },
    viewerCanCreateApi: async (org, _, ctx) => {
      const standing = await viewerStanding(ctx, org.id);
      return standing ? canEditApis(standing.permissions) : false;
    },
    viewerCanManageUsers: async (org, _, ctx) => {
      const standing = await viewerStanding(ctx, org.id);
      return standing ? canManageUsers(standing.permissions) : false;
    },
    viewerCanDeleteOrg: async (org, _, ctx) => {
      const standing = await viewerStanding(ctx, org.id);
      return standing ? canDeleteOrg(standing.permissions) : false;
    },
    async apis(org, args, ctx) {
      const window = keysetWindow(args);
      // One row more than the page, so the connection knows whether another page follows.
      const rows = await apisPageOf(ctx, { orgId: org.id, limit: window.limit + 1, afterId: window.afterId });
      return toKeysetConnection(rows.map(toApi), window);
    },
    memberCount: (org, _, ctx) => countRolesOfOrg(ctx.db, org.id),
    async billingAccounts(org, args, ctx) {
      const window = keysetWindow(args);
      const rows = await listBillingAccountsOfOrg(ctx.db, org.id, window.limit + 1, window.afterId);
      return toKeysetConnection(rows.map(toBillingAccount), window);
    },
  },
};
