import {
  GraphQLSchema,
  Kind,
  buildASTSchema,
  getOperationAST,
  parse,
  visit,
  type DocumentNode,
  type FieldDefinitionNode,
  type ObjectTypeDefinitionNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { TABLE_OPERATIONS, type TableOperation } from "../../../src/domain/model";
import type { Context } from "../../graphqlKit/context";
import { mayDo, reachOf, type Caller } from "../access/access";
import type { ProjectContext } from "../context";
import { childrenFieldName, operationNames, parentFieldName } from "./names";
import type { ModelPlan } from "./plan";

/**
 * The docs and autocompletion each identity sees (GraphiQL's introspection): the project's
 * schema without the operations the caller may not call at all — a public-only API key sees no
 * private table, a project user no table of a group it is not in, nobody but members the key
 * management. Only introspection answers from it; every other request runs on the full schema,
 * so a refusal still says FORBIDDEN rather than "no such field".
 */
interface Source {
  plan: ModelPlan;
  sdl: string;
  /** Per caller signature; a handful of roles, key kinds and group sets per live version. */
  byCaller: Map<string, GraphQLSchema>;
}

const sources = new WeakMap<GraphQLSchema, Source>();
/** Enough for every role and key kind and many group sets; beyond it, the oldest is built again when asked. */
const MAX_VIEWS_PER_SCHEMA = 64;

export function registerCallerDocs(schema: GraphQLSchema, plan: ModelPlan, sdl: string) {
  sources.set(schema, { plan, sdl, byCaller: new Map() });
}

const OPERATIONS_BY_ACTION: Record<TableOperation, (keyof ReturnType<typeof operationNames>)[]> = {
  read: ["get", "list", "listByParent", "batchGet", "onCreate", "onUpdate", "onDelete"],
  create: ["create", "batchCreate"],
  update: ["update"],
  delete: ["delete", "batchDelete"],
};
/** Operations for console members only (key management, a project user's groups). */
const MEMBERS_ONLY = {
  Query: ["listApiKey", "getApiKey", "adminListGroupsForUser"],
  Mutation: ["createApiKey", "updateApiKey", "rotateApiKey", "batchDeleteApiKey", "adminAddUserToGroup", "adminRemoveUserFromGroup"],
};

/** What decides a caller's view: the same signature, the same view. */
function signatureOf(caller: Caller): string {
  if (caller.kind === "member") return `member:${caller.roleType}`;
  if (caller.kind === "apiKey") return `apiKey:${caller.publicOnly}`;
  return `user:${caller.via}:${[...caller.groups].sort().join(",")}`;
}

/** Field names to leave out, per type name. */
function hiddenFields(plan: ModelPlan, caller: Caller): Map<string, Set<string>> {
  const hidden = new Map<string, Set<string>>();
  const hide = (type: string, field: string) => (hidden.get(type) ?? hidden.set(type, new Set()).get(type)!).add(field);
  const unreadable = new Set<string>();
  for (const table of plan.tables) {
    const names = operationNames(table.type);
    for (const action of TABLE_OPERATIONS) {
      if (reachOf(caller, table.type, action) !== "none") continue;
      if (action === "read") unreadable.add(table.type.id);
      for (const operation of OPERATIONS_BY_ACTION[action]) for (const root of ["Query", "Mutation", "Subscription"]) hide(root, names[operation]);
    }
  }
  // A table one cannot read stays out of sight behind its relatives' fields too.
  for (const table of plan.tables) {
    for (const child of table.children) if (unreadable.has(child.type.id)) hide(table.type.name, childrenFieldName(child.type));
    for (const parent of table.parents) if (unreadable.has(parent.type.id)) hide(table.type.name, parentFieldName(parent.type));
  }
  if (caller.kind !== "member") for (const [root, names] of Object.entries(MEMBERS_ONLY)) for (const name of names) hide(root, name);
  if (!mayDo(caller, "read")) hide("Query", "listActivity");
  return hidden;
}

function buildView(source: Source, caller: Caller): GraphQLSchema {
  const hidden = hiddenFields(source.plan, caller);
  const document = visit(parse(source.sdl, { noLocation: true }), {
    ObjectTypeDefinition(node: ObjectTypeDefinitionNode) {
      const gone = hidden.get(node.name.value);
      if (!gone) return undefined;
      return { ...node, fields: node.fields?.filter((field: FieldDefinitionNode) => !gone.has(field.name.value)) };
    },
  }) as DocumentNode;
  const full = buildASTSchema(document, { assumeValidSDL: true });
  // Rebuilt from its roots alone: types only the hidden operations used drop out of the docs.
  const root = (type: ReturnType<GraphQLSchema["getQueryType"]>) => (type && Object.keys(type.getFields()).length > 0 ? type : undefined);
  return new GraphQLSchema({
    query: full.getQueryType(),
    mutation: root(full.getMutationType()),
    subscription: root(full.getSubscriptionType()),
    directives: full.getDirectives(),
  });
}

export function introspectionSchemaFor(schema: GraphQLSchema, caller: Caller): GraphQLSchema {
  const source = sources.get(schema);
  if (!source) return schema;
  const signature = signatureOf(caller);
  let view = source.byCaller.get(signature);
  if (!view) {
    view = buildView(source, caller);
    if (source.byCaller.size >= MAX_VIEWS_PER_SCHEMA) source.byCaller.delete(source.byCaller.keys().next().value!);
    source.byCaller.set(signature, view);
  }
  return view;
}

/** An operation that asks only about the schema (`__schema`, `__type`, `__typename` at its top). */
function introspectionOnly(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== "query") return false;
  return operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith("__"));
}

/** Answers introspection from the caller's view of the schema. */
export function callerDocsPlugin(): Plugin<Context> {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const caller = (args.contextValue as Partial<ProjectContext>).project?.caller;
      if (!caller || !sources.has(args.schema) || !introspectionOnly(args.document, args.operationName)) return;
      const view = introspectionSchemaFor(args.schema, caller);
      setExecuteFn((executeArgs) => executeFn({ ...executeArgs, schema: view }));
    },
  };
}
