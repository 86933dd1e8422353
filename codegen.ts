import type { TypeScriptPluginConfig } from "@graphql-codegen/typescript";
import type { TypeScriptResolversPluginConfig } from "@graphql-codegen/typescript-resolvers";

/*
 * Resolver types from schema.graphql (`npm run relay` runs scripts/codegen.ts with the Relay
 * compiler): every resolver map in server/ is typed with them, so a resolver's arguments, parent
 * and result follow the schema and `npm run typecheck` fails where they no longer fit. The project
 * API's schema is built per project at run time (server/projectEndpoint/) and is not typed here.
 */
const parents = ["Org", "Role", "Api", "BillingAccount", "Invoice", "SchemaTemplate", "SchemaPrompt", "PublishRun", "CheckoutSession", "BundleSubscription", "User", "RoleEvent", "CustomerApp", "Flow"];

export const schemaFile = "schema.graphql";
export const outputFile = "server/graphql/__generated__/resolvers.ts";

export const config: TypeScriptPluginConfig & TypeScriptResolversPluginConfig = {
  useTypeImports: true,
  enumsAsTypes: true,
  strictScalars: true,
  // Inputs arrive as ISO text (graphqlKit/dateTime.ts); results may be a Date or its text.
  scalars: { DateTime: { input: "string", output: "Date | string" } },
  contextType: "../../graphqlKit/context#Context",
  mappers: {
    ...Object.fromEntries(parents.map((name) => [name, `../mappers#${name}`])),
    RoleConnection: "../mappers#CountedConnection<RoleModel>",
    InvoiceConnection: "../mappers#CountedConnection<InvoiceModel>",
    CustomerAppConnection: "../mappers#CountedConnection<CustomerAppModel>",
  },
  mapperTypeSuffix: "Model",
  resolversNonOptionalTypename: { interfaceImplementingType: true },
};
