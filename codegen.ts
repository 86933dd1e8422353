import type { CodegenConfig } from "@graphql-codegen/cli";

/*
 * Resolver types from schema.graphql (`npm run relay` runs this with the Relay compiler): every
 * resolver map in server/ is typed with them, so a resolver's arguments, parent and result follow
 * the schema and `npm run typecheck` fails where they no longer fit. The project API's schema is
 * built per project at run time (server/projectEndpoint/) and is not typed here.
 */
const parents = ["Org", "Role", "Api", "BillingAccount", "Invoice", "SchemaTemplate", "SchemaPrompt", "PublishRun", "CheckoutSession", "BundleSubscription", "User", "RoleEvent", "CustomerApp", "Flow"];

const config: CodegenConfig = {
  schema: "schema.graphql",
  silent: true,
  generates: {
    "server/graphql/__generated__/resolvers.ts": {
      plugins: ["typescript", "typescript-resolvers"],
      config: {
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
      },
    },
  },
};

export default config;
