import {
  Kind,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  parse,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Context } from "../graphqlKit/context";
import { RawJson } from "../graphqlKit/rawJson";
import type { ProjectContext } from "./context";
import type { EntryOperations, ListArgs } from "./entries/entries";
import { jsonField } from "./entries/jsonFields";
import type { JsonField } from "./entries/jsonPage";
import { tokenAfter } from "./entries/paging";
import { typeNames } from "./schema/names";
import type { ModelPlan, TablePlan } from "./schema/plan";

/**
 * Lists answered by one SQL statement each (docs/DECISIONS.md): a query made only of a
 * schema's root lists (`list<T>`) asking for their items' plain fields and nextToken is not
 * executed field by field; the database writes each page's JSON (./entries/jsonPage.ts) and the answer
 * splices it in unparsed (../graphqlKit/rawJson.ts). The page is read by the same entry operation
 * as the list's resolver, so access, owner rights, filters, limits and the byte budget are the
 * list's own. Everything else — other fields, fragments, directives, edges, a value graphql-js
 * would write differently, any refusal — is executed by graphql-js as before.
 */
export interface CompiledList {
  plan: ModelPlan;
  table: TablePlan;
  entries: EntryOperations;
}

const listsOfSchema = new WeakMap<GraphQLSchema, ReadonlyMap<string, CompiledList>>();

/** Remembers a generated schema's root lists, for compiledListsPlugin. */
export function registerCompiledLists(schema: GraphQLSchema, lists: ReadonlyMap<string, CompiledList>) {
  listsOfSchema.set(schema, lists);
}

/** One root list of the document: what to ask the database and how to write the connection. */
interface RootList {
  responseKey: string;
  node: FieldNode;
  list: CompiledList;
  /** The connection's keys in selection order. */
  keys: { key: string; field: "items" | "nextToken" | "__typename" }[];
  items: JsonField[];
}

/** Per schema and document: the operation's root lists, or null when graphql-js executes it. */
const plansOfSchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, RootList[] | null>>>();

function planFor(schema: GraphQLSchema, lists: ReadonlyMap<string, CompiledList>, document: DocumentNode, operationName: string | null | undefined) {
  let byDocument = plansOfSchema.get(schema);
  if (!byDocument) plansOfSchema.set(schema, (byDocument = new WeakMap()));
  let byOperation = byDocument.get(document);
  if (!byOperation) byDocument.set(document, (byOperation = new Map()));
  const name = operationName ?? "";
  if (!byOperation.has(name)) byOperation.set(name, compile(lists, document, operationName));
  return byOperation.get(name)!;
}

/** Plain fields only: no fragments, no directives, each response key once. */
function plainFields(selectionSet: SelectionSetNode | undefined): FieldNode[] | null {
  if (!selectionSet) return null;
  const keys = new Set<string>();
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length) return null;
    const key = selection.alias?.value ?? selection.name.value;
    if (keys.has(key)) return null;
    keys.add(key);
    fields.push(selection);
  }
  return fields;
}

function compile(lists: ReadonlyMap<string, CompiledList>, document: DocumentNode, operationName: string | null | undefined): RootList[] | null {
  if (document.definitions.some((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)) return null;
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== "query" || operation.directives?.length) return null;
  const roots = plainFields(operation.selectionSet);
  if (!roots?.length) return null;
  const compiled: RootList[] = [];
  for (const node of roots) {
    const list = lists.get(node.name.value);
    const connection = plainFields(node.selectionSet);
    if (!list || !connection) return null;
    const root: RootList = { responseKey: node.alias?.value ?? node.name.value, node, list, keys: [], items: [] };
    for (const member of connection) {
      const key = member.alias?.value ?? member.name.value;
      const field = member.name.value;
      if (field === "nextToken" || field === "__typename") {
        if (member.selectionSet || member.arguments?.length) return null;
        root.keys.push({ key, field });
        continue;
      }
      if (field !== "items") return null;
      const entryFields = plainFields(member.selectionSet);
      if (!entryFields || member.arguments?.length) return null;
      for (const entryField of entryFields) {
        if (entryField.selectionSet || entryField.arguments?.length) return null;
        const written = jsonField(list.plan, list.table, entryField.alias?.value ?? entryField.name.value, entryField.name.value);
        if (!written) return null;
        root.items.push(written);
      }
      root.keys.push({ key, field });
    }
    compiled.push(root);
  }
  return compiled;
}

/** How many documents were answered by their SQL: lets tests tell that path from graphql-js's. */
export const sqlAnswers = { count: 0 };

/** Whether a query (text) against a schema would be answered by SQL: for tests. */
export function answersBySql(schema: GraphQLSchema, query: string, operationName?: string): boolean {
  const lists = listsOfSchema.get(schema);
  return !!lists && planFor(schema, lists, parse(query), operationName) !== null;
}

/** The answer's data for the roots, or null when graphql-js must execute the document instead. */
async function answer(roots: RootList[], args: ExecutionArgs): Promise<ExecutionResult | null> {
  const schema = args.schema;
  const operation = getOperationAST(args.document, args.operationName)!;
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], (args.variableValues ?? {}) as Record<string, unknown>);
  if (variables.errors) return null;
  const ctx = args.contextValue as ProjectContext;
  const queryFields = schema.getQueryType()!.getFields();
  const data: Record<string, RawJson> = {};
  for (const root of roots) {
    const listArgs = getArgumentValues(queryFields[root.node.name.value], root.node, variables.coerced) as unknown as ListArgs;
    const { page, query } = await root.list.entries.listJson(ctx, listArgs, root.items);
    if (!page.exact) return null;
    const hasNext = page.row_count > query.limit;
    const parts = root.keys.map(({ key, field }) => {
      const name = JSON.stringify(key);
      if (field === "items") return `${name}:[${page.items}]`;
      if (field === "__typename") return `${name}:${JSON.stringify(typeNames(root.list.table.type).connection)}`;
      return `${name}:${hasNext ? JSON.stringify(tokenAfter({ id: page.last_id!, sort_key: page.last_key ?? undefined }, query.sort)) : "null"}`;
    });
    data[root.responseKey] = new RawJson(`{${parts.join(",")}}`);
  }
  return { data };
}

/**
 * Answers the documents `compile` takes by their SQL; any refusal or doubt goes to graphql-js,
 * which then executes the whole document afresh (with the byte budget started again), so its
 * answer and errors are exactly the resolvers'.
 */
export function compiledListsPlugin(): Plugin<Context> {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const lists = listsOfSchema.get(args.schema);
      if (!lists) return;
      const roots = planFor(args.schema, lists, args.document, args.operationName);
      if (!roots) return;
      setExecuteFn(async (executeArgs) => {
        const budget = (executeArgs.contextValue as ProjectContext).responseBudget;
        try {
          const answered = await answer(roots, executeArgs);
          if (answered) {
            sqlAnswers.count++;
            return answered;
          }
        } catch {
          // A spent budget is answered by its refusal alone (responseBudget.ts), without reading
          // again; any other refusal is raised again below by the resolvers, in GraphQL's shape.
          if (budget?.exceeded) return { data: null };
        }
        if (budget?.limited) budget.limitTo(budget.limit);
        return executeFn(executeArgs);
      });
    },
  };
}
