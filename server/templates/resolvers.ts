import { requireViewer } from "../graphqlKit/context";
import { requireSuperuser } from "../access";
import { keysetWindow, toKeysetConnection } from "../graphqlKit/connection";
import { listSchemaTemplates, toSchemaTemplate } from "./store";
import type { Resolvers } from "../graphql/__generated__/resolvers";

/** Spec §9: templates are listed 50 at a time. */
const TEMPLATE_PAGE_SIZE = 50;

export const templateResolvers: Resolvers = {
  Query: {
    /** Published templates for every signed-in user; drafts (retired or broken) for superusers only. */
    async schemaTemplates(_, args, ctx) {
      requireViewer(ctx);
      const state = args.state ?? "PUBLISHED";
      if (state !== "PUBLISHED") requireSuperuser(ctx);
      const window = keysetWindow({ first: Math.min(args.first ?? TEMPLATE_PAGE_SIZE, TEMPLATE_PAGE_SIZE), after: args.after });
      const rows = await listSchemaTemplates(ctx.db, state, window.limit + 1, window.afterId);
      return toKeysetConnection(
        rows.map((row) => toSchemaTemplate(row, args.lang)),
        window,
      );
    },
  },
};
