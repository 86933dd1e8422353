import { keysetWindow, toKeysetConnection } from "../graphqlKit/connection";
import { requireViewer, type Context } from "../graphqlKit/context";
import { forbidden, notFound } from "../graphqlKit/errors";
import { requireMembership, viewerStanding } from "../access";
import { canEditData, canViewData } from "../../src/domain/permissions";
import { activityPage, readActivityFilter, type ActivityRow } from "../projectEndpoint/builtIns/activityLog";
import { findApi } from "./store";
import type { Resolvers } from "../graphql/__generated__/resolvers";

/** The console's view of an activity: changes as JSON text, so any value type travels. */
export const toProjectActivity = (row: ActivityRow) => ({
  id: row.id,
  createdAt: row.created_at,
  eventName: row.event_name,
  recordType: row.record_type,
  recordId: row.record_id,
  changes: (row.changes ?? []).map((change) => ({
    field: change.field,
    before: change.tooLarge ? null : JSON.stringify(change.before ?? null),
    after: change.tooLarge ? null : JSON.stringify(change.after ?? null),
    tooLarge: change.tooLarge === true,
  })),
});

/** Reading a project's activities is reading its data (docs/ROLES.md data.view). */
async function requireDataReader(ctx: Context, orgId: string) {
  const membership = await requireMembership(ctx, orgId);
  if (!canViewData(membership.permissions)) throw forbidden();
}

export const activityResolvers: Resolvers = {
  Api: {
    viewerCanViewData: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canViewData(membership.permissions);
    },
    viewerCanEditData: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canEditData(membership.permissions);
    },
    async activities(api, args, ctx) {
      requireViewer(ctx);
      await requireDataReader(ctx, api.orgId);
      const filter = readActivityFilter(args.filter);
      const window = keysetWindow(args);
      const rows = await activityPage(ctx.db, api.id, filter, window.limit + 1, window.afterId);
      return toKeysetConnection(rows.map(toProjectActivity), window);
    },
  },
  Subscription: {
    onProjectActivity: {
      /** Refused before anything is streamed when the caller may not read the project's data. */
      async subscribe(_, args, ctx) {
        requireViewer(ctx);
        const row = await findApi(ctx.db, args.apiId);
        if (!row) throw notFound();
        await requireDataReader(ctx, row.org_id);
        return ctx.pubsub.subscribe("activities:recorded", args.apiId);
      },
      resolve: (apiId: string) => ({ apiId }),
    },
  },
};
