import { requireViewer } from "../graphqlKit/context";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { requireMembership } from "../access";
import { findApiForUpdate, toApi } from "./store";
import { removeApi, removeObjects } from "./removeApi";
import { canDeleteApi } from "../../src/domain/permissions";
import { deletionConfirmed } from "../../src/domain/org";
import type { Resolvers } from "../graphql/__generated__/resolvers";

export const deleteApiResolvers: Resolvers = {
  Mutation: {
    /**
     * Spec §7 deleteApi: owners only, with the name typed; each bundle subscription is
     * cancelled with the provider, and the project goes with its endpoint, entries, keys,
     * activities, runs and plans in one transaction (the rows cascade from apis). The
     * declaration zips are removed from object storage after the commit.
     */
    async deleteApi(_, args, ctx) {
      requireViewer(ctx);
      const { input } = args;
      const { api, objectKeys } = await ctx.db.transaction().execute(async (tx) => {
        const row = await findApiForUpdate(tx, input.id);
        if (!row) throw notFound();
        const membership = await requireMembership(ctx, row.org_id, tx);
        if (!canDeleteApi(membership.permissions)) throw forbidden("error_api_deletion_requires_role", "Only account owners can delete projects.");
        if (!deletionConfirmed(input.confirmName, row.name))
          throw refuse("BAD_USER_INPUT", "error_api_deletion_confirm", "You need to enter the project name to confirm deletion.");
        return { api: toApi(row), objectKeys: await removeApi(tx, ctx.payments, row.id) };
      });
      await removeObjects(ctx.objects, objectKeys);
      return api;
    },
  },
};
