import { requireViewer } from "../graphqlKit/context";
import { forbidden, notFound, refuse } from "../graphqlKit/errors";
import { idCursor, keysetWindow, toKeysetConnection } from "../graphqlKit/connection";
import { requireMembership, viewerStanding } from "../access";
import { findApi } from "../project/store";
import {
  APP_REQUIRES_USER_POOL,
  appUrlOf,
  canDeleteCustomerApps,
  canEditCustomerApps,
  checkAppSchema,
  emptyAppSchema,
  normalizedAppSchema,
  parseAppSchema,
  projectCanHaveApps,
  validateAppName,
  type AppProblem,
  type AppSchema,
} from "../../src/domain/apps";
import type { Resolvers } from "../graphql/__generated__/resolvers";
import type { DbOrTx } from "../db/database";
import {
  countCustomerApps,
  declarationOf,
  deleteCustomerAppRow,
  findCustomerAppForUpdate,
  findCustomerAppWithOrg,
  insertCustomerApp,
  listCustomerApps,
  liveModelOf,
  toCustomerApp,
  updateCustomerAppRow,
  type CustomerAppChanges,
} from "./store";
import { setAppLogo } from "./logo";

const NAME_ENGLISH = {
  error_app_name_min_length: "The app name needs at least 3 characters.",
  error_app_name_max_length: "The app name can have at most 255 characters.",
} as const;

function checkedName(name: string) {
  const problem = validateAppName(name);
  if (problem) throw refuse("BAD_USER_INPUT", problem, NAME_ENGLISH[problem], { min: 3, max: 255 });
  return name.trim();
}

const appRefusal = (problem: AppProblem) =>
  refuse("BAD_USER_INPUT", problem.messageId, problem.english, { ...problem.values, ...(problem.viewIndex === undefined ? {} : { viewIndex: problem.viewIndex }) });

/** The schema text checked against the project's live model; returns what is stored and the declaration. */
async function checkedSchema(db: DbOrTx, apiId: string, text: string): Promise<{ schema: string; apiDeclaration: string }> {
  const parsed = parseAppSchema(text);
  if ("problem" in parsed) throw appRefusal(parsed.problem);
  const model = await liveModelOf(db, apiId);
  const schema: AppSchema = normalizedAppSchema(parsed.schema);
  const problem = checkAppSchema(schema, model);
  if (problem) throw appRefusal(problem);
  return { schema: JSON.stringify(schema), apiDeclaration: declarationOf(model) };
}

export const customerAppResolvers: Resolvers = {
  Query: {
    async customerApp(_, args, ctx) {
      requireViewer(ctx);
      const row = await findCustomerAppWithOrg(ctx.db, args.id);
      if (!row) return null;
      await requireMembership(ctx, row.org_id);
      return toCustomerApp(row);
    },
  },
  Mutation: {
    async createCustomerApp(_, { input }, ctx) {
      requireViewer(ctx);
      const name = checkedName(input.name);
      const app = await ctx.db.transaction().execute(async (tx) => {
        const api = await findApi(tx, input.apiId);
        if (!api) throw notFound();
        const membership = await requireMembership(ctx, api.org_id, tx);
        if (!canEditCustomerApps(membership.permissions)) throw forbidden();
        if (!projectCanHaveApps({ defaultAuthMode: api.default_auth_mode, additionalAuthModes: api.additional_auth_modes }))
          throw refuse("BAD_USER_INPUT", APP_REQUIRES_USER_POOL.messageId, APP_REQUIRES_USER_POOL.english);
        const checked = await checkedSchema(tx, api.id, input.schema ?? JSON.stringify(emptyAppSchema()));
        return toCustomerApp(await insertCustomerApp(tx, { apiId: api.id, name, ...checked }));
      });
      return { customerApp: app, customerAppEdge: { cursor: idCursor(app.id), node: app } };
    },

    async updateCustomerApp(_, { input }, ctx) {
      requireViewer(ctx);
      const name = input.name == null ? undefined : checkedName(input.name);
      return ctx.db.transaction().execute(async (tx) => {
        const row = await findCustomerAppForUpdate(tx, input.id);
        if (!row) throw notFound();
        const membership = await requireMembership(ctx, row.org_id, tx);
        if (!canEditCustomerApps(membership.permissions)) throw forbidden();
        const changes: CustomerAppChanges = { name };
        if (input.schema != null) Object.assign(changes, await checkedSchema(tx, row.api_id, input.schema));
        return toCustomerApp(await updateCustomerAppRow(tx, row.id, changes));
      });
    },

    async deleteCustomerApp(_, { input }, ctx) {
      requireViewer(ctx);
      const deleted = await ctx.db.transaction().execute(async (tx) => {
        const row = await findCustomerAppForUpdate(tx, input.id);
        if (!row) throw notFound();
        const membership = await requireMembership(ctx, row.org_id, tx);
        if (!canDeleteCustomerApps(membership.roleType))
          throw refuse("FORBIDDEN", "error_app_delete_requires_admin", "Only admins can delete customer apps.");
        await deleteCustomerAppRow(tx, row.id);
        return row;
      });
      if (deleted.logo_key) await ctx.objects.delete(deleted.logo_key);
      return { deletedCustomerAppId: deleted.id, apiId: deleted.api_id };
    },

    removeCustomerAppLogo: (_, { input }, ctx) => setAppLogo(ctx, input.id, null),
  },
  CustomerApp: {
    routes: (app) => {
      const parsed = parseAppSchema(app.schema);
      return "schema" in parsed ? parsed.schema.views.map((view) => `views/${view.id}`) : [];
    },
    appUrl: (app, _, ctx) => appUrlOf(ctx.origin, app.id),
    liveDeclaration: async (app, _, ctx) => declarationOf(await liveModelOf(ctx.db, app.apiId)),
    // The update time makes a new logo a new address, so browsers never show a cached old one.
    logoUrl: (app, _, ctx) => (app.hasLogo ? `${appUrlOf(ctx.origin, app.id)}logo?v=${new Date(app.updatedAt).getTime()}` : null),
  },
  Api: {
    async customerApps(api, args, ctx) {
      const window = keysetWindow(args);
      const rows = await listCustomerApps(ctx.db, api.id, window.limit + 1, window.afterId);
      return toKeysetConnection(rows.map(toCustomerApp), window, { totalCount: () => countCustomerApps(ctx.db, api.id) });
    },
    viewerCanEditCustomerApps: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canEditCustomerApps(membership.permissions);
    },
    viewerCanDeleteCustomerApps: async (api, _, ctx) => {
      const membership = await viewerStanding(ctx, api.orgId);
      return membership !== null && canDeleteCustomerApps(membership.roleType);
    },
    customerAppsRequireUserPool: (api) => !projectCanHaveApps(api),
  },
};
