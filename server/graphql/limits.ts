import { EnvelopArmor } from "@escape.tech/graphql-armor";
import { blockFieldSuggestionsPlugin } from "@escape.tech/graphql-armor-block-field-suggestions";
import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import type { DocumentNode, GraphQLError, ValidationContext, ValidationRule } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { documentSizeRefusal } from "./documentSize";
import { refuse } from "../graphqlKit/errors";
import { withListSizes, type SchemaLike } from "./listSizes";
import { MAX_ROWS_READ, rowsRead } from "./rowsRead";

/**
 * What one GraphQL request may ask for, on /graphql and on every project endpoint: a query
 * beyond any of these is refused during validation, before a resolver runs.
 * The numbers sit just above the console's own operations (tests/server/security/limits.test.ts
 * checks every compiled Relay operation against them, so a deeper console query fails there).
 */
const QUERY_LIMITS = {
  /** The console's deepest operation (sessionRolesQuery) is 7 fields deep. */
  maxDepth: 8,
  /** Objects count 2, scalars 1, each level ×1.5 and a list's size (`first`/`last`, given or default) multiplies its subtree. */
  maxCost: 20_000,
  /** The console uses none. */
  maxAliases: 15,
  /** The console uses at most one (@connection, @include…). */
  maxDirectives: 10,
  /** The console's longest operation has ~120 tokens. */
  maxTokens: 1_000,
} as const;

/** Request bodies above this are answered 413 before they are read to the end. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Whatever the per-request context tells about the caller; only "known or not" matters here. */
interface CallerContext {
  viewer?: unknown;
  /** On a project's API: the member or the valid API key that calls. */
  project?: { caller?: unknown };
}

/** armor's message names the limit ("Query depth limit of 8 exceeded, found 9."); the code and key let the console localize it. */
function markRefusal(_context: unknown, error: GraphQLError) {
  Object.assign(error.extensions, { code: "BAD_USER_INPUT", messageId: "error_query_limit" });
}

/*
 * graphql's NoSchemaIntrospectionCustomRule, by field name: graphql's own type helpers refuse
 * types from the other copy of graphql that test runners load (ESM next to CommonJS).
 */
const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === "__schema" || node.name.value === "__type") {
      context.reportError(
        createGraphQLError(`GraphQL introspection is only available when signed in; the query contained "${node.name.value}".`, {
          nodes: [node],
          extensions: { code: "UNAUTHENTICATED", messageId: "error_unauthenticated" },
        }),
      );
    }
  },
});

/**
 * A signed-in member, or on a project's API a valid API key: customer apps generate their types
 * from the project's schema, and the key already proves who calls.
 */
export const signedIn = (context: unknown) => {
  const caller = context as CallerContext | undefined;
  return Boolean(caller?.viewer ?? caller?.project?.caller);
};

/**
 * The yoga plugins that enforce QUERY_LIMITS, and hide the schema from callers who are not
 * signed in: no introspection and no "Did you mean …" suggestions for them.
 */
export function queryLimitPlugins(): Plugin[] {
  const onReject = [markRefusal];
  const armor = new EnvelopArmor({
    maxDepth: { n: QUERY_LIMITS.maxDepth, flattenFragments: true, onReject },
    // The cost needs the variables, which validation never sees: listCostPlugin prices it.
    costLimit: { enabled: false },
    maxAliases: { n: QUERY_LIMITS.maxAliases, onReject },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives, onReject },
    maxTokens: { n: QUERY_LIMITS.maxTokens, onReject },
    // Suggestions stay for signed-in callers; the anonymous variant is added below.
    blockFieldSuggestion: { enabled: false },
  });
  const hideSuggestions = blockFieldSuggestionsPlugin();
  const hideSchemaFromAnonymous: Plugin = {
    onValidate({ context, addValidationRule }) {
      if (signedIn(context)) return;
      addValidationRule(noIntrospection);
      return hideSuggestions.onValidate!({} as never) as never;
    },
  };
  return [documentSizePlugin, ...(armor.protect().plugins as Plugin[]), hideSchemaFromAnonymous, listCostPlugin];
}

/** Documents found within documentSizeRefusal's limits: yoga hands out the same parsed document for the same text. */
const sizedDocuments = new WeakSet<DocumentNode>();

/**
 * Refuses a document too large once its fragments are written out right after it is parsed:
 * before validation and the other limits, which walk every spread. The refusal takes the parse
 * error's place, so yoga's parser cache keeps it for the same text.
 */
const documentSizePlugin: Plugin = {
  onParse() {
    return ({ result, replaceParseResult }) => {
      if (!result || result instanceof Error || sizedDocuments.has(result as DocumentNode)) return;
      const refusal = documentSizeRefusal(result as DocumentNode);
      if (refusal) replaceParseResult(refusal);
      else sizedDocuments.add(result as DocumentNode);
    };
  },
};

/**
 * The rows the operation may read (server/graphql/rowsRead.ts), then
 * armor's cost rule over the operation with its list sizes written out (server/graphql/listSizes.ts),
 * so `apis(first: $n)` costs what `apis(first: 100)` costs. Null when the operation is within the limit.
 */
export function costRefusal(schema: SchemaLike, document: DocumentNode, operationName?: string | null, variables?: Record<string, unknown> | null) {
  const rows = rowsRead(schema, document, operationName, variables);
  if (rows !== null && rows > MAX_ROWS_READ) {
    return refuse(
      "BAD_USER_INPUT",
      "error_query_limit",
      `This query may read up to ${rows} rows (each list's size times the sizes of the lists it is in); at most ${MAX_ROWS_READ} are allowed. Ask for fewer rows per list or fewer nested lists.`,
      { rows, max: MAX_ROWS_READ },
    );
  }
  const sized = withListSizes(schema, document, operationName, variables);
  if (!sized) return null;
  let refusal: GraphQLError | null = null;
  const rule = costLimitRule({
    maxCost: QUERY_LIMITS.maxCost,
    flattenFragments: true,
    propagateOnRejection: false,
    onReject: [(_context, error) => (refusal = refuse("BAD_USER_INPUT", "error_query_limit", error.message))],
  });
  // The rule reads nothing of its context but the fragments.
  const visitor = rule({ getFragment: (name: string) => sized.fragments.get(name) } as unknown as ValidationContext);
  (visitor.OperationDefinition as { enter(node: unknown): void }).enter(sized.operation);
  return refusal as GraphQLError | null;
}

/*
 * Accepted pricings, per schema (a project's lists have their own size defaults), per parsed
 * document (yoga reuses it for the same query text, across schemas) and per the values that can
 * be sizes — top-level numbers and nulls — so the console's repeated queries are priced once.
 * Refusals are not kept; a few sizes per document are enough for real callers.
 */
const accepted = new WeakMap<SchemaLike, WeakMap<DocumentNode, Set<string>>>();
const MAX_PRICINGS_PER_DOCUMENT = 16;

function withinCost(args: { schema: SchemaLike; document: DocumentNode; operationName?: string | null; variableValues?: Record<string, unknown> | null }) {
  const sizes = Object.entries(args.variableValues ?? {}).filter(([, value]) => typeof value === "number" || value === null);
  const key = JSON.stringify([args.operationName ?? null, sizes]);
  let bySchema = accepted.get(args.schema);
  const known = bySchema?.get(args.document);
  if (known?.has(key)) return null;
  const refusal = costRefusal(args.schema, args.document, args.operationName, args.variableValues);
  if (!refusal) {
    const pricings = known ?? new Set<string>();
    if (pricings.size < MAX_PRICINGS_PER_DOCUMENT) pricings.add(key);
    if (!bySchema) accepted.set(args.schema, (bySchema = new WeakMap()));
    bySchema.set(args.document, pricings);
  }
  return refusal;
}

/** Runs before execution (every request: the sizes come with the variables, which yoga's validation cache ignores). */
const listCostPlugin: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const refusal = withinCost(args);
    if (refusal) setResultAndStopExecution({ errors: [refusal] });
  },
  onSubscribe({ args, setResultAndStopExecution }) {
    const refusal = withinCost(args);
    if (refusal) setResultAndStopExecution({ errors: [refusal] });
  },
};
