import { makeExecutableSchema } from "@graphql-tools/schema";
import type { GraphQLSchema } from "graphql";
import type { SchemaModel } from "../../src/domain/model";
import { planModel } from "./plan";
import { generateResolvers } from "./resolvers";
import { generateSdl } from "./sdl";

/** A live version's GraphQL schema: the SDL of ./sdl.ts with the resolvers of ./resolvers.ts. */
export function generateProjectSchema(model: SchemaModel): { sdl: string; schema: GraphQLSchema } {
  const plan = planModel(model);
  const sdl = generateSdl(plan);
  return { sdl, schema: makeExecutableSchema({ typeDefs: sdl, resolvers: generateResolvers(plan) }) };
}
