import { makeExecutableSchema } from "@graphql-tools/schema";
import { buildSchema, lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import type { SchemaModel } from "../../src/domain/model";
import { planModel } from "./plan";
import { generateResolvers } from "./resolvers";
import { generateSdl } from "./sdl";

/**
 * A live version's GraphQL schema: the SDL of ./sdl.ts with the resolvers of ./resolvers.ts.
 * `noLocation`: a parsed document with locations keeps every token of its text alive (each
 * Location links its first and last token, the tokens link each other); nothing reads a
 * generated schema's source positions, and each live project keeps its schema.
 */
export function generateProjectSchema(model: SchemaModel): { sdl: string; schema: GraphQLSchema } {
  const plan = planModel(model);
  const sdl = generateSdl(plan);
  return { sdl, schema: makeExecutableSchema({ typeDefs: sdl, resolvers: generateResolvers(plan), noLocation: true }) };
}

/**
 * The part every project's schema has (shared list and filter types, the built-in tables), as
 * checked in at schema.project.graphql: the schema of a model without tables, printed sorted.
 */
export function projectBaseSchemaText(): string {
  return printSchema(lexicographicSortSchema(buildSchema(generateSdl(planModel({ objectTypes: [], enumTypes: [] })))));
}
