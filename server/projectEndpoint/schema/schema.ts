import { makeExecutableSchema } from "@graphql-tools/schema";
import { LRUCache } from "lru-cache";
import { buildSchema, lexicographicSortSchema, printSchema, validateSchema, type GraphQLSchema } from "graphql";
import type { LiveVersionProblem } from "../contract";
import type { SchemaModel } from "../../../src/domain/model";
import { canonicalModelJson } from "../../../src/domain/model/canonical";
import { planModel } from "./plan";
import { generateResolvers } from "../resolvers";
import { generateSdl, type SchemaOptions } from "./sdl";
import { registerCompiledLists } from "../compiledLists";
import { registerCallerDocs } from "./callerDocs";

/**
 * A live version's GraphQL schema: the SDL of ./sdl.ts with the resolvers of ./resolvers.ts.
 * `noLocation`: a parsed document with locations keeps every token of its text alive (each
 * Location links its first and last token, the tokens link each other); nothing reads a
 * generated schema's source positions, and each live project keeps its schema.
 */
export function generateProjectSchema(model: SchemaModel, options: SchemaOptions = {}): { sdl: string; schema: GraphQLSchema } {
  const key = `${options.amplifyNames ? "amplify" : "spec"} ${canonicalModelJson(model)}`;
  let built = recentlyBuilt.get(key);
  if (!built) {
    built = buildProjectSchema(model, options);
    recentlyBuilt.set(key, built);
  }
  return built;
}

/**
 * The schemas built last, by model and options: publishing builds a version's schema to check it
 * (liveVersionProblem), and the endpoint's first request after it goes live builds the same one
 * to serve it. Keyed by the model's JSON with sorted keys, as it comes back from the database's
 * jsonb in another key order (and without the editor's `selected` flag, which no schema shows).
 * A few, for publishes that overlap: beyond them the endpoint's own bounded cache
 * (createLiveCache) keeps what is served.
 */
const recentlyBuilt = new LRUCache<string, { sdl: string; schema: GraphQLSchema }>({ max: 4 });

function buildProjectSchema(model: SchemaModel, options: SchemaOptions) {
  const plan = planModel(model);
  const sdl = generateSdl(plan, options);
  const { resolvers, lists } = generateResolvers(plan, options);
  const schema = makeExecutableSchema({ typeDefs: sdl, resolvers, noLocation: true });
  registerCompiledLists(schema, lists);
  registerCallerDocs(schema, plan, sdl);
  return { sdl, schema };
}

/**
 * Why a model's schema cannot be built (GraphQL's own words), or null. The model rules refuse
 * every name that would collide, so this is publishing's last guard: a version the endpoint
 * could not serve never goes live.
 */
export const liveVersionProblem: LiveVersionProblem = (model, options) => {
  try {
    // Built as the endpoint builds it (with resolvers), then from its SDL alone and validated as
    // execution would: graphql-tools merges a type defined twice (a table named PageInfo) into
    // one, where GraphQL refuses it (publishing/unbuildable.test.ts).
    const { sdl } = generateProjectSchema(model, options);
    const errors = validateSchema(buildSchema(sdl, { noLocation: true }));
    return errors.length ? errors.map((error) => error.message).join("; ") : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

/**
 * The part every project's schema has (shared list and filter types, the built-in tables), as
 * checked in at schema.project.graphql: the schema of a model without tables, printed sorted.
 */
export function projectBaseSchemaText(): string {
  return printSchema(lexicographicSortSchema(buildSchema(generateSdl(planModel({ objectTypes: [], enumTypes: [] })))));
}
