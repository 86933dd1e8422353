import { notFound } from "../graphqlKit/errors";
import { builtInResolvers } from "./builtIns/tables";
import type { ProjectContext } from "./context";
import { entryOperations, entryValues, mayRead, type EntryInput, type ListArgs } from "./entries/entries";
import { filesResolvers } from "./files/resolvers";
import { genericResolvers } from "./entries/generic";
import { userGroupsResolvers } from "./access/userGroups";
import { childrenFieldName, operationNames, parentFieldName } from "./schema/names";
import { toConnection } from "./entries/paging";
import type { ModelPlan, TablePlan } from "./schema/plan";
import { hasCreateInput } from "./schema/sdl";
import type { EntryRow, ListQuery } from "./entries/store";
import type { CompiledList } from "./compiledLists";
import { afterTriggers, beforeTriggers, hasTriggers } from "../functions/triggers";
import type { ResolverType } from "../../src/domain/model";

/** The stored row behind an entry object, for its connection fields. */
const ROW = Symbol("row");
type Entry = Record<string, unknown> & { [ROW]: EntryRow };

/** An entry as its GraphQL object: the system fields and owner, then the values (JSON as text, spec §5), so a field of the table named owner wins. */
function toEntry(row: EntryRow, table: TablePlan): Entry {
  return { id: row.id, createdAt: row.created_at, updatedAt: row.updated_at, owner: row.owner, ...entryValues(row, table), [ROW]: row };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** An after trigger's entry: its values over the stored ones; the id and the row behind stay. */
function changedEntry(original: Entry, returned: unknown): Entry {
  return isObject(returned) ? { ...original, ...returned, id: original.id, [ROW]: original[ROW] } : original;
}

/** An after trigger's list of entries: the entries it returns by id, in its order (it may leave some out). */
function changedEntries(original: (Entry | null)[], returned: unknown): (Entry | null)[] {
  if (!Array.isArray(returned)) return original;
  const byId = new Map(original.filter((entry): entry is Entry => !!entry).map((entry) => [entry.id, entry]));
  return returned.flatMap((item) => {
    const known = isObject(item) ? byId.get(item.id as string) : undefined;
    return known ? [changedEntry(known, item)] : [];
  });
}

type Connection = ReturnType<typeof toConnection<EntryRow, Entry>>;
/** An after trigger's page: its items (as a list, or as `{ items }`) replace the page's. */
function changedPage(page: Connection, returned: unknown): Connection {
  const items = changedEntries(page.items, isObject(returned) ? returned.items : returned) as Entry[];
  const cursors = new Map(page.edges.map((edge) => [edge.node.id, edge.cursor]));
  return { ...page, items, edges: items.map((node) => ({ node, cursor: cursors.get(node.id)! })) };
}

/** Plain JSON of a result for a trigger: no stored rows, no symbols. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/**
 * Runs an operation between its table's before and after triggers (../functions/triggers.ts);
 * without triggers the operation runs as it is.
 */
function triggered<I, R>(table: TablePlan, type: ResolverType, run: (input: I, ctx: ProjectContext) => Promise<R>, change: (result: R, returned: unknown) => R, shown: (result: R) => unknown = plain) {
  if (!hasTriggers(table, type)) return run;
  return async (given: I, ctx: ProjectContext) => {
    const input = await beforeTriggers(ctx, table, type, given);
    const result = await run(input, ctx);
    const returned = await afterTriggers(ctx, table, type, plain(input), shown(result));
    return returned === undefined ? result : change(result, returned);
  };
}

function tableResolvers(plan: ModelPlan, table: TablePlan) {
  const ops = operationNames(table.type);
  const entries = entryOperations(plan, table);
  const entry = (row: EntryRow) => toEntry(row, table);
  const page = ({ rows, query }: { rows: EntryRow[]; query: ListQuery }) => toConnection(rows, query.limit, query.sort, entry);
  const Query: Record<string, unknown> = {};
  const Mutation: Record<string, unknown> = {};

  const one = (result: Entry | null, returned: unknown) => (result ? changedEntry(result, returned) : result);
  const many = (result: (Entry | null)[], returned: unknown) => changedEntries(result, returned);
  const listed = (result: Connection) => ({ items: plain(result.items), nextToken: result.nextToken });

  if (table.publishes.has("queries")) {
    const get = triggered(table, "object", async ({ id }: { id: string }, ctx) => {
      const row = await entries.get(ctx, id);
      return row ? entry(row) : null;
    }, one);
    Query[ops.get] = (_: unknown, args: { id: string }, ctx: ProjectContext) => get(args, ctx);
    const list = triggered(table, "list", async (args: ListArgs, ctx) => page(await entries.list(ctx, args)), changedPage, listed);
    Query[ops.list] = (_: unknown, args: ListArgs, ctx: ProjectContext) => list(args, ctx);
    const batchGet = triggered(table, "object", async ({ ids }: { ids: string[] }, ctx) => (await entries.batchGet(ctx, ids)).map((row) => (row ? entry(row) : null)), many);
    Query[ops.batchGet] = (_: unknown, args: { ids: string[] }, ctx: ProjectContext) => batchGet(args, ctx);
    if (table.parents.length) {
      type ByParent = ListArgs & { parentId: string; parentKey: "FIRST" | "SECOND" };
      const byParent = triggered(table, "listByParent", async (args: ByParent, ctx) => page(await entries.listByParent(ctx, args)), changedPage, listed);
      Query[ops.listByParent] = (_: unknown, args: ByParent, ctx: ProjectContext) => byParent(args, ctx);
    }
  }

  if (table.publishes.has("mutations")) {
    const create = triggered(table, "create", async (input: EntryInput, ctx) => entry((await entries.createMany(ctx, [input ?? {}]))[0]), one);
    Mutation[ops.create] = (_: unknown, args: { input?: EntryInput }, ctx: ProjectContext) => create(args.input ?? {}, ctx);
    if (hasCreateInput(table)) {
      const batchCreate = triggered(table, "create", async (input: EntryInput[], ctx) => (await entries.createMany(ctx, input)).map(entry), many);
      Mutation[ops.batchCreate] = (_: unknown, { input }: { input: EntryInput[] }, ctx: ProjectContext) => batchCreate(input, ctx);
    }
    const update = triggered(table, "update", async (input: EntryInput & { id: string }, ctx) => entry(await entries.update(ctx, input)), one);
    Mutation[ops.update] = (_: unknown, { input }: { input: EntryInput & { id: string } }, ctx: ProjectContext) => update(input, ctx);
    const remove = triggered(table, "delete", async (input: EntryInput & { id: string }, ctx) => {
      const [deleted] = await entries.deleteMany(ctx, [input]);
      if (!deleted) throw notFound();
      return entry(deleted);
    }, one);
    Mutation[ops.delete] = (_: unknown, { input }: { input: EntryInput & { id: string } }, ctx: ProjectContext) => remove(input, ctx);
    const batchDelete = triggered(table, "delete", async (input: (EntryInput & { id: string })[], ctx) => (await entries.deleteMany(ctx, input)).map(entry), many);
    Mutation[ops.batchDelete] = (_: unknown, { input }: { input: (EntryInput & { id: string })[] }, ctx: ProjectContext) => batchDelete(input, ctx);
  }

  const Subscription: Record<string, unknown> = {};
  if (table.publishes.has("subscriptions")) {
    for (const [field, event] of [[ops.onCreate, "create"], [ops.onUpdate, "update"], [ops.onDelete, "delete"]] as const) {
      Subscription[field] = {
        subscribe: (_: unknown, __: unknown, ctx: ProjectContext) => entries.subscribe(ctx, event),
        resolve: (row: EntryRow) => entry(row),
      };
    }
  }

  // Connection fields, both ways, batched per request.
  const objectFields: Record<string, unknown> = {};
  for (const { slot, type } of table.parents) {
    const parentTable = plan.tables.find((candidate) => candidate.type.id === type.id)!;
    objectFields[parentFieldName(type)] = async (source: Entry, _: unknown, ctx: ProjectContext) => {
      const parentId = slot === "first" ? source[ROW].parent_first : source[ROW].parent_second;
      if (!parentId) return null;
      const row = await ctx.project.loaders.entry(type.id).load(parentId);
      return row && mayRead(ctx, parentTable, row) ? toEntry(row, parentTable) : null;
    };
  }
  for (const { slot, type } of table.children) {
    const childTable = plan.tables.find((candidate) => candidate.type.id === type.id)!;
    const children = entryOperations(plan, childTable);
    objectFields[childrenFieldName(type)] = async (source: Entry, args: ListArgs, ctx: ProjectContext) => {
      const { rows, query } = await children.childrenOf(ctx, source.id as string, slot, args);
      return toConnection(rows, query.limit, query.sort, (row) => toEntry(row, childTable));
    };
  }
  // The root list for the SQL-written answers (compiledLists.ts).
  // A list with triggers is executed field by field, so its triggers run.
  const lists = table.publishes.has("queries") && !hasTriggers(table, "list") ? new Map([[ops.list, { plan, table, entries }]]) : new Map<string, CompiledList>();
  return { Query, Mutation, Subscription, objectFields, lists };
}

/** Resolvers for every table of a plan, for @graphql-tools/schema, and its root lists by field name. */
export function generateResolvers(plan: ModelPlan) {
  const lists = new Map<string, CompiledList>();
  const Query: Record<string, unknown> = { liveVersion: (_: unknown, __: unknown, ctx: ProjectContext) => ctx.project.version };
  const builtIns = builtInResolvers();
  Object.assign(Query, builtIns.Query);
  const files = filesResolvers();
  Object.assign(Query, files.Query);
  const userGroups = userGroupsResolvers();
  Object.assign(Query, userGroups.Query);
  const Mutation: Record<string, unknown> = { ...builtIns.Mutation, ...files.Mutation, ...userGroups.Mutation };
  const Subscription: Record<string, unknown> = {};
  const objects: Record<string, Record<string, unknown>> = {};
  const generic = genericResolvers(plan);
  Object.assign(Query, generic.Query);
  Object.assign(Mutation, generic.Mutation);
  Object.assign(Subscription, generic.Subscription, files.Subscription);
  for (const table of plan.tables) {
    const generated = tableResolvers(plan, table);
    Object.assign(Query, generated.Query);
    Object.assign(Mutation, generated.Mutation);
    Object.assign(Subscription, generated.Subscription);
    objects[table.type.name] = generated.objectFields;
    for (const [field, list] of generated.lists) lists.set(field, list);
  }
  return { resolvers: { Query, Mutation, Subscription, ...objects }, lists };
}
