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

/** The stored row behind an entry object, for its connection fields. */
const ROW = Symbol("row");
type Entry = Record<string, unknown> & { [ROW]: EntryRow };

/** An entry as its GraphQL object: the system fields and owner, then the values (JSON as text, spec §5), so a field of the table named owner wins. */
function toEntry(row: EntryRow, table: TablePlan): Entry {
  return { id: row.id, createdAt: row.created_at, updatedAt: row.updated_at, owner: row.owner, ...entryValues(row, table), [ROW]: row };
}

function tableResolvers(plan: ModelPlan, table: TablePlan) {
  const ops = operationNames(table.type);
  const entries = entryOperations(plan, table);
  const entry = (row: EntryRow) => toEntry(row, table);
  const page = ({ rows, query }: { rows: EntryRow[]; query: ListQuery }) => toConnection(rows, query.limit, query.sort, entry);
  const Query: Record<string, unknown> = {};
  const Mutation: Record<string, unknown> = {};

  if (table.publishes.has("queries")) {
    Query[ops.get] = async (_: unknown, { id }: { id: string }, ctx: ProjectContext) => {
      const row = await entries.get(ctx, id);
      return row ? entry(row) : null;
    };
    Query[ops.list] = async (_: unknown, args: ListArgs, ctx: ProjectContext) => page(await entries.list(ctx, args));
    Query[ops.batchGet] = async (_: unknown, { ids }: { ids: string[] }, ctx: ProjectContext) =>
      (await entries.batchGet(ctx, ids)).map((row) => (row ? entry(row) : null));
    if (table.parents.length) {
      Query[ops.listByParent] = async (_: unknown, args: ListArgs & { parentId: string; parentKey: "FIRST" | "SECOND" }, ctx: ProjectContext) =>
        page(await entries.listByParent(ctx, args));
    }
  }

  if (table.publishes.has("mutations")) {
    Mutation[ops.create] = async (_: unknown, args: { input?: EntryInput }, ctx: ProjectContext) => entry((await entries.createMany(ctx, [args.input ?? {}]))[0]);
    if (hasCreateInput(table)) {
      Mutation[ops.batchCreate] = async (_: unknown, { input }: { input: EntryInput[] }, ctx: ProjectContext) => (await entries.createMany(ctx, input)).map(entry);
    }
    Mutation[ops.update] = async (_: unknown, { input }: { input: EntryInput & { id: string } }, ctx: ProjectContext) => entry(await entries.update(ctx, input));
    Mutation[ops.delete] = async (_: unknown, { input }: { input: EntryInput & { id: string } }, ctx: ProjectContext) => {
      const [deleted] = await entries.deleteMany(ctx, [input]);
      if (!deleted) throw notFound();
      return entry(deleted);
    };
    Mutation[ops.batchDelete] = async (_: unknown, { input }: { input: (EntryInput & { id: string })[] }, ctx: ProjectContext) =>
      (await entries.deleteMany(ctx, input)).map(entry);
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
  const lists = table.publishes.has("queries") ? new Map([[ops.list, { plan, table, entries }]]) : new Map<string, CompiledList>();
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
  Object.assign(Subscription, generic.Subscription);
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
