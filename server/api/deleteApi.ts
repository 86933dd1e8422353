import { sql } from "kysely";
import { requireViewer } from "../graphql/context";
import type { DbOrTx } from "../db/database";
import { forbidden, notFound, refuse } from "../graphql/errors";
import { requireMembership } from "../access";
import { findApiForUpdate, toApi } from "./store";
import { askProvider } from "../pay/payments";
import { log } from "../log";
import { canDeleteApi } from "../../src/domain/permissions";
import { deletionConfirmed } from "../../src/domain/org";
import type { Resolvers } from "../graphql/__generated__/resolvers";

/** The indexes publishing made for this project's sort-by and unique fields (projectApi/indexes.ts), partial to it. */
async function dropProjectIndexes(tx: DbOrTx, apiId: string) {
  const { rows } = await sql<{ indexname: string }>`
    select indexname from pg_indexes
    where tablename = 'project_entries' and indexname like 'pe\\_%' and indexdef like ${`%api_id = '${apiId}'::text%`}
  `.execute(tx);
  for (const { indexname } of rows) await sql`drop index if exists ${sql.id(indexname)}`.execute(tx);
}

export const deleteApiResolvers: Resolvers = {
  Mutation: {
    /**
     * Issue 10 / spec §7 deleteApi: owners only, with the name typed; each bundle subscription is
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
        const subscriptions = await tx.selectFrom("bundle_subscriptions").select(["id", "payment_provider_id"]).where("api_id", "=", row.id).where("status", "<>", "CANCELED").execute();
        for (const subscription of subscriptions) {
          await askProvider(() => ctx.payments.provider.cancelSubscription(tx, subscription.payment_provider_id));
        }
        const runs = await tx.selectFrom("publish_runs").select("object_key").where("api_id", "=", row.id).execute();
        await dropProjectIndexes(tx, row.id);
        await tx.deleteFrom("apis").where("id", "=", row.id).execute();
        return { api: toApi(row), objectKeys: runs.map((run) => run.object_key) };
      });
      for (const key of objectKeys) {
        await ctx.objects.delete(key).catch((error: unknown) => log.error(`removing ${key} failed:`, error));
      }
      return api;
    },
  },
};
