import type { Context } from "../graphql/context";
import { requireViewer } from "../graphql/context";
import { refuse } from "../graphql/errors";
import { membershipOrNull, requireMembership } from "../access";
import { findOrg, findOrgs, insertOrg, toOrg, type Org } from "./store";
import { insertRole, toRole } from "../role/store";
import { listApisOfOrg, toApi } from "../api/store";
import { listBillingAccountsOfOrg, toBillingAccount } from "../billing/store";
import { pageWindow, toConnection, type PageArgs } from "../graphql/connection";
import { validateOrgName } from "../../src/domain/org";

export const orgResolvers = {
  Query: {
    async org(_: unknown, args: { id: string }, ctx: Context) {
      await requireMembership(ctx, args.id);
      const row = await findOrg(ctx.db, args.id);
      return row ? toOrg(row) : null;
    },
    /** Orgs the caller has no role in come back as null, like missing ones. */
    async batchGetOrg(_: unknown, args: { ids: string[] }, ctx: Context) {
      requireViewer(ctx);
      const rows = await findOrgs(ctx.db, args.ids.slice(0, 100));
      const allowed = await Promise.all(rows.map(async (row) => ((await membershipOrNull(ctx, row.id)) ? row : null)));
      const byId = new Map(allowed.filter((row) => row !== null).map((row) => [row.id, toOrg(row)]));
      return args.ids.map((id) => byId.get(id) ?? null);
    },
  },
  Mutation: {
    async createOrg(_: unknown, args: { input: { name: string } }, ctx: Context) {
      const viewer = requireViewer(ctx);
      const name = args.input.name.trim();
      const problem = validateOrgName(name);
      if (problem) throw refuse("BAD_USER_INPUT", problem, "Please enter a workspace name.");
      return ctx.db.transaction().execute(async (tx) => {
        const org = await insertOrg(tx, { name });
        const role = await insertRole(tx, { orgId: org.id, email: viewer.email, type: "OWNER" });
        return { org: toOrg(org), role: toRole(role) };
      });
    },
  },
  Org: {
    async apis(org: Org, args: PageArgs, ctx: Context) {
      const window = pageWindow(args);
      const rows = await listApisOfOrg(ctx.db, org.id, window.limit + 1, window.offset);
      return toConnection(rows.map(toApi), window);
    },
    async billingAccounts(org: Org, args: PageArgs, ctx: Context) {
      const window = pageWindow(args);
      const rows = await listBillingAccountsOfOrg(ctx.db, org.id, window.limit + 1, window.offset);
      return toConnection(rows.map(toBillingAccount), window);
    },
  },
};
