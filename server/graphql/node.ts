import { typeOfId, userIdFromSub } from "../graphqlKit/ids";
import { viewerIsSuperuser, viewerStanding } from "../access";
import { findOrg, toOrg } from "../org/store";
import { findRole, toRole } from "../role/store";
import { findUser } from "../user/store";
import { findBillingAccount, findInvoiceWithOrg, toBillingAccount, toInvoice } from "../billing/store";
import { findApi, toApi } from "../project/store";
import { findSchemaTemplate, toSchemaTemplate } from "../templates/store";
import { findSchemaPromptWithOrg, toSchemaPrompt } from "../prompts/store";
import { findCustomerAppWithOrg, toCustomerApp } from "../apps/store";
import type { Resolvers } from "./__generated__/resolvers";

/** node(id:): dispatches on the id's prefix; objects the caller may not see are null. */
export const nodeResolvers: Resolvers = {
  Query: {
    async node(_, args, ctx) {
      const type = typeOfId(args.id);
      const visibleIn = async (orgId: string) => (await viewerStanding(ctx, orgId)) !== null;
      switch (type) {
        case "Org": {
          const row = await findOrg(ctx.db, args.id);
          return row && (await visibleIn(row.id)) ? { __typename: type, ...toOrg(row) } : null;
        }
        case "Role": {
          const row = await findRole(ctx.db, args.id);
          return row && (await visibleIn(row.org_id)) ? { __typename: type, ...toRole(row) } : null;
        }
        case "BillingAccount": {
          const row = await findBillingAccount(ctx.db, args.id);
          return row && (await visibleIn(row.org_id)) ? { __typename: type, ...toBillingAccount(row) } : null;
        }
        case "Invoice": {
          const row = await findInvoiceWithOrg(ctx.db, args.id);
          return row && (await visibleIn(row.org_id)) ? { __typename: type, ...toInvoice(row) } : null;
        }
        case "Api": {
          const row = await findApi(ctx.db, args.id);
          return row && (await visibleIn(row.org_id)) ? { __typename: type, ...toApi(row) } : null;
        }
        case "SchemaTemplate": {
          const row = ctx.viewer ? await findSchemaTemplate(ctx.db, args.id) : undefined;
          const visible = row && (row.state === "PUBLISHED" || viewerIsSuperuser(ctx));
          return visible ? { __typename: type, ...toSchemaTemplate(row, "EN") } : null;
        }
        case "SchemaPrompt": {
          const row = await findSchemaPromptWithOrg(ctx.db, args.id);
          return row && (await visibleIn(row.org_id)) ? { __typename: type, ...toSchemaPrompt(row) } : null;
        }
        case "CustomerApp": {
          const row = await findCustomerAppWithOrg(ctx.db, args.id);
          return row && (await visibleIn(row.org_id)) ? { __typename: type, ...toCustomerApp(row) } : null;
        }
        case "User": {
          if (!ctx.viewer || args.id !== userIdFromSub(ctx.viewer.sub)) return null;
          const row = await findUser(ctx.db, args.id);
          return row ? { __typename: type, id: row.id, email: row.email } : null;
        }
        default:
          return null;
      }
    },
  },
  Node: {
    __resolveType: (node) => node.__typename,
  },
};
