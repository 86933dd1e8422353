import { readFileSync } from "node:fs";
import { makeExecutableSchema } from "@graphql-tools/schema";
import type { GraphQLSchema } from "graphql";
import { DateTime } from "../graphqlKit/dateTime";
import { nodeResolvers } from "./node";
import { orgResolvers } from "../org/resolvers";
import { roleResolvers } from "../role/resolvers";
import { userResolvers } from "../user/resolvers";
import { billingResolvers } from "../billing/resolvers";
import { apiResolvers } from "../project/resolvers";
import { importResolvers } from "../project/import/resolvers";
import { templateResolvers } from "../templates/resolvers";
import { promptResolvers } from "../prompts/resolvers";
import { publishingResolvers } from "../publishing/resolvers";
import { usersTableResolvers } from "../publishing/usersTable";
import { subscriptionResolvers } from "../plans/resolvers";
import { deleteApiResolvers } from "../project/deleteApi";
import { couponResolvers } from "../coupons/resolvers";
import { activityResolvers } from "../project/activities";
import { customerAppResolvers } from "../apps/resolvers";
import { flowResolvers } from "../flows/resolvers";
import type { Resolvers } from "./__generated__/resolvers";


/**
 * Every resolver map of the platform, each typed with the resolver types generated from
 * schema.graphql (codegen.ts).
 */
export const platformResolvers: Resolvers[] = [{ DateTime }, nodeResolvers, orgResolvers, roleResolvers, userResolvers, billingResolvers, apiResolvers, templateResolvers, promptResolvers, publishingResolvers, usersTableResolvers, subscriptionResolvers, deleteApiResolvers, couponResolvers, activityResolvers, customerAppResolvers, flowResolvers, importResolvers];

/**
 * Each file's schema, built once per process: the resolvers are the same for every platform and
 * take what differs from the context, and a process that starts several platforms (the tests)
 * would otherwise build the same schema for each.
 */
const builtSchemas = new Map<string, GraphQLSchema>();

/** schema.graphql at the project root is the one source the console compiles against too. */
export function createSchema(schemaPath: string): GraphQLSchema {
  let schema = builtSchemas.get(schemaPath);
  if (!schema) {
    schema = makeExecutableSchema({
      typeDefs: readFileSync(schemaPath, "utf8"),
      resolvers: platformResolvers,
      // Without source positions: with them the schema's AST keeps every token of the file alive.
      noLocation: true,
    });
    builtSchemas.set(schemaPath, schema);
  }
  return schema;
}
