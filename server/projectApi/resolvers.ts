import { entryInputProblem, type WriteOperation } from "../../src/domain/values";
import { isUniqueViolation } from "../db/errors";
import type { Tx } from "../db/database";
import { notFound, refuse } from "../graphql/errors";
import { requireAction, type DataAction } from "./access";
import { builtInResolvers } from "./builtIns";
import type { ProjectContext } from "./context";
import { compileFilter, type Filter } from "./filters";
import { indexName } from "./indexes";
import { valueRefusal } from "./messages";
import { childrenFieldName, operationNames, parentFieldName, parentIdInputName } from "./names";
import { checkLimit, compileSortRange, readToken, toConnection, type SortRange } from "./paging";
import type { ModelPlan, TablePlan } from "./plan";
import { hasCreateInput } from "./sdl";
import {
  deleteEntries,
  entriesByIds,
  insertEntries,
  listEntries,
  recordActivities,
  updateEntry,
  type EntryRow,
  type ListQuery,
  type NewEntry,
  type ParentSlot,
  type SortOrder,
} from "./store";

/** The stored row behind an entry object, for its connection fields. */
const ROW = Symbol("row");
type Entry = Record<string, unknown> & { [ROW]: EntryRow };

/** Spec §7: CSV import and deletion go in batches of 25; a batch call takes at most this many. */
export const MAX_BATCH = 100;

interface ListArgs {
  limit: number;
  nextToken?: string | null;
  filter?: Filter | null;
  sortOrder: SortOrder;
  sortBy?: string | null;
  sortRange?: SortRange | null;
}

/** An entry as its GraphQL object: the values (JSON as text, spec §5), and the system fields. */
function toEntry(row: EntryRow, table: TablePlan): Entry {
  const entry: Entry = { id: row.id, createdAt: row.created_at, updatedAt: row.updated_at, [ROW]: row };
  for (const planned of table.fields) {
    const value = row.data[planned.field.name];
    entry[planned.field.name] = planned.kind === "Json" && value !== undefined && value !== null ? JSON.stringify(value) : value ?? null;
  }
  return entry;
}

function allowed(ctx: ProjectContext, action: DataAction) {
  requireAction(ctx.project.caller, action);
}

function listQuery(ctx: ProjectContext, table: TablePlan, args: ListArgs): ListQuery {
  checkLimit(args.limit);
  const sort = { field: args.sortBy ?? table.sortFields[0], order: args.sortOrder };
  return {
    apiId: ctx.project.apiId,
    typeId: table.type.id,
    limit: args.limit,
    sort,
    after: readToken(args.nextToken, sort),
    filter: args.filter ? compileFilter(args.filter, table.byName) : null,
    range: compileSortRange(args.sortRange, sort, table),
  };
}

const batchTooLarge = () => refuse("BAD_USER_INPUT", "error_batch_too_large", `A batch can hold at most ${MAX_BATCH} entries.`, { max: MAX_BATCH });
const checkBatch = (items: readonly unknown[]) => {
  if (items.length > MAX_BATCH) throw batchTooLarge();
};

/** Splits a write's input into values and parent ids, checked by the shared rules. */
function readInput(table: TablePlan, plan: ModelPlan, input: Record<string, unknown>, operation: WriteOperation) {
  const values: Record<string, unknown> = {};
  const parents: Partial<Record<ParentSlot, string | null>> = {};
  for (const [name, value] of Object.entries(input)) {
    if (name === "id") continue;
    const parent = table.parents.find(({ type }) => parentIdInputName(type) === name);
    if (parent) parents[parent.slot] = (value as string | null) ?? null;
    else values[name] = value;
  }
  const problem = entryInputProblem(table.type, plan.model.enumTypes, values, operation);
  if (problem) throw valueRefusal(problem);
  // Spec §5 "Json strings are parsed": stored as JSON, so filters and exports see the value.
  for (const planned of table.fields) {
    if (planned.kind === "Json" && typeof values[planned.field.name] === "string") values[planned.field.name] = JSON.parse(values[planned.field.name] as string);
  }
  return { values, parents };
}

/** Each parent id given must name an entry of the parent table. */
async function checkParents(tx: Tx, ctx: ProjectContext, table: TablePlan, parents: Partial<Record<ParentSlot, string | null>>) {
  for (const { slot, type } of table.parents) {
    const id = parents[slot];
    if (!id) continue;
    const [found] = await entriesByIds(tx, ctx.project.apiId, type.id, [id]);
    if (!found) {
      const field = parentIdInputName(type);
      throw refuse("BAD_USER_INPUT", "error_value_parent_missing", `${field}: there is no ${type.name} with this id.`, { field });
    }
  }
}

/** A unique index refusing the write becomes CONFLICT naming the field. */
function uniqueConflict(error: unknown, ctx: ProjectContext, table: TablePlan) {
  if (!isUniqueViolation(error)) return error;
  const constraint = (error as { constraint?: string }).constraint;
  const field = table.fields.find((planned) => indexName("uniq", ctx.project.apiId, table.type.id, planned.field.name) === constraint)?.field.name ?? "";
  return refuse("CONFLICT", "error_value_unique", `${field} must be unique: another entry has this value.`, { field });
}

async function write<T>(ctx: ProjectContext, table: TablePlan, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (error) {
    throw uniqueConflict(error, ctx, table);
  }
}

function tableResolvers(plan: ModelPlan, table: TablePlan) {
  const ops = operationNames(table.type);
  const typeId = table.type.id;
  const recordType = table.type.name;
  const entry = (row: EntryRow) => toEntry(row, table);
  const Query: Record<string, unknown> = {};
  const Mutation: Record<string, unknown> = {};

  if (table.publishes.has("queries")) {
    Query[ops.get] = async (_: unknown, { id }: { id: string }, ctx: ProjectContext) => {
      allowed(ctx, "read");
      const row = await ctx.project.loaders.entry(typeId).load(id);
      return row ? entry(row) : null;
    };
    Query[ops.list] = async (_: unknown, args: ListArgs, ctx: ProjectContext) => {
      allowed(ctx, "read");
      const query = listQuery(ctx, table, args);
      return toConnection(await listEntries(ctx.db, query), query.limit, query.sort, entry);
    };
    Query[ops.batchGet] = async (_: unknown, { ids }: { ids: string[] }, ctx: ProjectContext) => {
      allowed(ctx, "read");
      checkBatch(ids);
      const rows = await ctx.project.loaders.entry(typeId).loadMany(ids);
      return rows.map((row) => (row && !(row instanceof Error) ? entry(row) : null));
    };
    if (table.parents.length) {
      Query[ops.listByParent] = async (_: unknown, args: ListArgs & { parentId: string; parentKey: "FIRST" | "SECOND" }, ctx: ProjectContext) => {
        allowed(ctx, "read");
        const slot: ParentSlot = args.parentKey === "SECOND" ? "second" : "first";
        if (!table.parents.some((parent) => parent.slot === slot)) {
          throw refuse("BAD_USER_INPUT", "error_parent_key_invalid", `${table.type.name} has no ${args.parentKey} parent.`, { parentKey: args.parentKey });
        }
        const query = listQuery(ctx, table, args);
        const rows = await ctx.project.loaders.children(query, slot, JSON.stringify(args)).load(args.parentId);
        return toConnection(rows, query.limit, query.sort, entry);
      };
    }
  }

  if (table.publishes.has("mutations")) {
    const createMany = async (ctx: ProjectContext, inputs: Record<string, unknown>[]) => {
      allowed(ctx, "create");
      checkBatch(inputs);
      const entries: NewEntry[] = inputs.map((input) => {
        const { values, parents } = readInput(table, plan, input, "create");
        return { data: values, parentFirst: parents.first ?? null, parentSecond: parents.second ?? null };
      });
      const rows = await write(ctx, table, async (tx) => {
        for (const created of entries) await checkParents(tx, ctx, table, { first: created.parentFirst, second: created.parentSecond });
        const inserted = await insertEntries(tx, ctx.project.apiId, typeId, entries);
        await recordActivities(tx, ctx.project.apiId, "INSERT", recordType, inserted.map((row) => row.id));
        return inserted;
      });
      ctx.project.events.publish(ctx.project.apiId, typeId, "create", rows);
      return rows.map(entry);
    };
    Mutation[ops.create] = async (_: unknown, args: { input?: Record<string, unknown> }, ctx: ProjectContext) =>
      (await createMany(ctx, [args.input ?? {}]))[0];
    if (hasCreateInput(table)) {
      Mutation[ops.batchCreate] = (_: unknown, { input }: { input: Record<string, unknown>[] }, ctx: ProjectContext) => createMany(ctx, input);
    }
    Mutation[ops.update] = async (_: unknown, { input }: { input: Record<string, unknown> & { id: string } }, ctx: ProjectContext) => {
      allowed(ctx, "update");
      const { values, parents } = readInput(table, plan, input, "update");
      const row = await write(ctx, table, async (tx) => {
        await checkParents(tx, ctx, table, parents);
        const updated = await updateEntry(tx, ctx.project.apiId, typeId, input.id, { data: values, parentFirst: parents.first, parentSecond: parents.second });
        if (!updated) throw notFound();
        await recordActivities(tx, ctx.project.apiId, "MODIFY", recordType, [updated.id]);
        return updated;
      });
      ctx.project.events.publish(ctx.project.apiId, typeId, "update", [row]);
      return entry(row);
    };
    const deleteMany = async (ctx: ProjectContext, inputs: (Record<string, unknown> & { id: string })[]) => {
      allowed(ctx, "delete");
      checkBatch(inputs);
      for (const input of inputs) readInput(table, plan, input, "delete");
      const rows = await write(ctx, table, async (tx) => {
        const deleted = await deleteEntries(tx, ctx.project.apiId, typeId, inputs.map((input) => input.id));
        await recordActivities(tx, ctx.project.apiId, "REMOVE", recordType, deleted.map((row) => row.id));
        return deleted;
      });
      ctx.project.events.publish(ctx.project.apiId, typeId, "delete", rows);
      return rows.map(entry);
    };
    Mutation[ops.delete] = async (_: unknown, { input }: { input: Record<string, unknown> & { id: string } }, ctx: ProjectContext) => {
      const [deleted] = await deleteMany(ctx, [input]);
      if (!deleted) throw notFound();
      return deleted;
    };
    Mutation[ops.batchDelete] = (_: unknown, { input }: { input: (Record<string, unknown> & { id: string })[] }, ctx: ProjectContext) => deleteMany(ctx, input);
  }

  const Subscription: Record<string, unknown> = {};
  if (table.publishes.has("subscriptions")) {
    for (const [field, event] of [[ops.onCreate, "create"], [ops.onUpdate, "update"], [ops.onDelete, "delete"]] as const) {
      Subscription[field] = {
        subscribe: (_: unknown, __: unknown, ctx: ProjectContext) => {
          allowed(ctx, "read");
          return ctx.project.events.subscribe(ctx.project.apiId, typeId, event);
        },
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
      return row ? toEntry(row, parentTable) : null;
    };
  }
  for (const { slot, type } of table.children) {
    const childTable = plan.tables.find((candidate) => candidate.type.id === type.id)!;
    objectFields[childrenFieldName(type)] = async (source: Entry, args: ListArgs, ctx: ProjectContext) => {
      const query = listQuery(ctx, childTable, args);
      const rows = await ctx.project.loaders.children(query, slot, JSON.stringify(args)).load(source.id as string);
      return toConnection(rows, query.limit, query.sort, (row) => toEntry(row, childTable));
    };
  }
  return { Query, Mutation, Subscription, objectFields };
}

/** Resolvers for every table of a plan, for @graphql-tools/schema. */
export function generateResolvers(plan: ModelPlan) {
  const Query: Record<string, unknown> = { liveVersion: (_: unknown, __: unknown, ctx: ProjectContext) => ctx.project.version };
  const builtIns = builtInResolvers();
  Object.assign(Query, builtIns.Query);
  const Mutation: Record<string, unknown> = { ...builtIns.Mutation };
  const Subscription: Record<string, unknown> = {};
  const objects: Record<string, Record<string, unknown>> = {};
  for (const table of plan.tables) {
    const generated = tableResolvers(plan, table);
    Object.assign(Query, generated.Query);
    Object.assign(Mutation, generated.Mutation);
    Object.assign(Subscription, generated.Subscription);
    objects[table.type.name] = generated.objectFields;
  }
  return { Query, Mutation, ...(Object.keys(Subscription).length ? { Subscription } : {}), ...objects };
}
