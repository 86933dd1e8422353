import { createYoga, maskError } from "graphql-yoga";
import { GraphQLError, type GraphQLSchema } from "graphql";
import type { Context } from "./context";
import { log } from "../log";
import { inputLimitsPlugin } from "../security/inputLimits";

/**
 * GraphQL over HTTP. Errors we raise on purpose (with extensions.code) pass through; anything
 * else is logged and masked so internals never reach the caller.
 */
export function createGraphqlHandler(schema: GraphQLSchema, context: (request: Request) => Promise<Context>) {
  return createYoga<Record<string, unknown>, Context>({
    schema,
    graphqlEndpoint: "/graphql",
    context: ({ request }) => context(request),
    graphiql: false,
    landingPage: false,
    logging: false,
    plugins: [inputLimitsPlugin()],
    maskedErrors: {
      maskError(error, message, isDev) {
        const original = (error as GraphQLError).originalError;
        if (original && !(original instanceof GraphQLError)) log.error("unexpected error in a resolver:", original);
        return maskError(error, message, isDev);
      },
    },
  });
}
