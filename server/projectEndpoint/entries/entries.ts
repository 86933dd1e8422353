import { sql } from "kysely";
import { entryInputProblem, type WriteOperation } from "../../../src/domain/values";
import { isUniqueViolation } from "../../db/errors";
import type { Tx } from "../../db/database";
import { notFound, refuse } from "../../graphqlKit/errors";
import { reachOf, requireReach, type DataAction } from "../access/access";
import type { ProjectContext } from "../context";
import { ownEntriesOnly } from "../realtime/ownEvents";
import { changesOf } from "../builtIns/activityChanges";
import { appendChanges } from "../../changes/log";
import { deletionChange, entryChanges, entriesFilter } from "../../changes/topics";
import { appendAfterCommit, type Change } from "../../changes/log";
import { resumable } from "../../changes/resume";
import { startDataTriggers } from "../../flows/dataTriggers";
import type { EntryEvent } from "../realtime/events";
import { compileFilter, type Filter } from "./filters";
import { listEntriesAsJson, type JsonField } from "./jsonPage";
import { indexName } from "./indexes";
import { sessionIsSuperuser, withProjectKeyCheckedOnce } from "./projectKeyOnce";
import { valueRefusal } from "./messages";
import { parentIdInputName } from "../schema/names";
import { CHILD_COUNT_CAP } from "../../../src/domain/records";
import { checkLimit, compileSortRange, readToken, type SortRange } from "./paging";
import type { ModelPlan, TablePlan } from "../schema/plan";
import {
  checkNewEntryEmails,
  deleteCredentials,
  emailNeedsCheck,
  forgetSignIns,
  passwordFieldOf,
  passwordPoolName,
  refuseEmailMove,
  saveCredential,
  takePassword,
} from "../access/userCredentials";
import {
  countEntriesOfParent,
  deleteEntries,
  deleteEntriesMatching,
  entriesByIds,
  insertEntries,
  listEntries,
  lockEntry,
  matchingEntryIds,
  recordActivities,
  updateEntry,
  type EntryRow,
  type ListQuery,
  type NewEntry,
  type ParentSlot,
  type SortOrder,
} from "./store";

/**
 * What can be done with one table's entries, whichever API asks: the per-table operations
 * (resolvers.ts) and the generic Type model (generic.ts) both call these, so values, filters,
 * paging, activities, events and access are checked once, the same way.
 */

/** Spec §7: CSV import and deletion go in batches of 25; a batch call takes at most this many. */
export const MAX_BATCH = 100;

/** Entries per transaction of a delete by filter: each commit moves the console's progress bar. */
export const DELETE_CHUNK = 500;

export interface ListArgs {
  limit: number;
  nextToken?: string | null;
  filter?: Filter | null;
  sortOrder: SortOrder;
  sortBy?: string | null;
  sortRange?: SortRange | null;
}

export type EntryInput = Record<string, unknown>;

/** An entry's user values as the API shows them: JSON as text (spec §5), no value as null, never a password. */
export function entryValues(row: EntryRow, table: TablePlan): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const passwordField = passwordFieldOf(table);
  for (const planned of table.fields) {
    if (planned.field.name === passwordField) {
      values[passwordField] = null;
      continue;
    }
    const value = row.data[planned.field.name];
    values[planned.field.name] = planned.kind === "Json" && value !== undefined && value !== null ? JSON.stringify(value) : value ?? null;
  }
  return values;
}

function listQuery(ctx: ProjectContext, table: TablePlan, args: ListArgs, owner: string | null): ListQuery {
  checkLimit(args.limit);
  const sort = { field: args.sortBy ?? table.sortFields[0], order: args.sortOrder };
  const filter = args.filter ? compileFilter(args.filter, table.byName) : null;
  // A filter the table has no index for is answered by reading it; its index is built after.
  if (args.filter) ctx.project.filterIndexes.want(ctx.project.apiId, table, args.filter);
  return {
    apiId: ctx.project.apiId,
    typeId: table.type.id,
    limit: args.limit,
    sort,
    after: readToken(args.nextToken, sort),
    filter,
    range: compileSortRange(args.sortRange, sort, table),
    owner,
  };
}

/**
 * Whether the caller may read this entry of the table: the check for entries reached other than
 * through the table's own list (a child's parent), so a connection never shows what a list hides.
 */
export function mayRead(ctx: ProjectContext, table: TablePlan, row: EntryRow): boolean {
  const caller = ctx.project.caller;
  const reach = reachOf(caller, table.type, "read");
  return reach === "all" || (reach === "own" && caller.kind === "user" && row.owner === caller.sub);
}

const batchTooLarge = () => refuse("BAD_USER_INPUT", "error_batch_too_large", `A batch can hold at most ${MAX_BATCH} entries.`, { max: MAX_BATCH });
const checkBatch = (items: readonly unknown[]) => {
  if (items.length > MAX_BATCH) throw batchTooLarge();
};

/** Splits a write's input into values and parent ids, checked by the shared rules. */
function readInput(table: TablePlan, plan: ModelPlan, input: EntryInput, operation: WriteOperation) {
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

/** Each parent id given must name an entry of the parent table: one statement per parent slot, however many entries. */
async function checkParents(tx: Tx, ctx: ProjectContext, table: TablePlan, entries: readonly Partial<Record<ParentSlot, string | null>>[]) {
  for (const { slot, type } of table.parents) {
    const ids = [...new Set(entries.map((parents) => parents[slot]).filter((id): id is string => !!id))];
    if (ids.length === 0) continue;
    const found = await entriesByIds(tx, ctx.project.apiId, type.id, ids);
    if (found.length < ids.length) {
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

/**
 * One write's transaction; its entry events (`event` of the rows it returns) are appended to the
 * change log last, in the same transaction, and every server's subscribers hear of them once committed.
 */
async function write(
  ctx: ProjectContext,
  table: TablePlan,
  event: EntryEvent,
  work: (tx: Tx) => Promise<EntryRow[]>,
  /** Further events of the write, told after its entries' (a delete by filter's progress). */
  moreChanges: (rows: EntryRow[]) => Change[] = () => [],
): Promise<EntryRow[]> {
  let result: EntryRow[];
  let flowRunsStarted = false;
  try {
    result = await ctx.db.transaction().execute(async (tx) => {
      const rows = await work(tx);
      flowRunsStarted = await startDataTriggers(tx, ctx, table.type.name, event, rows.map((row) => ({ id: row.id, ...entryValues(row, table), createdAt: row.created_at, updatedAt: row.updated_at })));
      await appendChanges(tx, [...entryChanges(ctx.project.apiId, table.type.id, event, rows), ...moreChanges(rows)]);
      return rows;
    });
  } catch (error) {
    throw uniqueConflict(error, ctx, table);
  }
  ctx.pubsub.changesCommitted();
  // A flow run the write started is due now; a write that started none leaves the job queue alone.
  if (flowRunsStarted) ctx.jobs.kick();
  return result;
}

/** A write whose condition (Amplify's `condition` argument) the entry does not meet, named as AppSync names it. */
const conditionFailed = () =>
  refuse("CONFLICT", "error_entry_condition_failed", "The conditional request failed: the entry does not meet the condition.", { errorType: "DynamoDB:ConditionalCheckFailedException" });

/** A condition with at least one operand: Amplify's generated code sends an empty or null one on every write. */
export const hasCondition = (condition: Filter | null | undefined): condition is Filter => !!condition && JSON.stringify(condition) !== "{}";

const staleWrite = (updatedAt: string) =>
  refuse("CONFLICT", "error_entry_changed", "This entry was changed by someone else since you loaded it; reload it and try again.", { updatedAt });

export function entryOperations(plan: ModelPlan, table: TablePlan) {
  const typeId = table.type.id;
  const recordType = table.type.name;
  /** FORBIDDEN when the caller reaches no entry; else the owner the operation is limited to (null: none). */
  const allowed = (ctx: ProjectContext, action: DataAction) => requireReach(ctx.project.caller, table.type, action).owner;
  const creator = (ctx: ProjectContext) => (ctx.project.caller.kind === "user" ? ctx.project.caller.sub : null);

  const createMany = async (ctx: ProjectContext, inputs: EntryInput[]): Promise<EntryRow[]> => {
    allowed(ctx, "create");
    checkBatch(inputs);
    const passwords: (string | undefined)[] = [];
    const entries: NewEntry[] = inputs.map((input) => {
      const { values, parents } = readInput(table, plan, input, "create");
      passwords.push(takePassword(ctx, table, values));
      return { data: values, parentFirst: parents.first ?? null, parentSecond: parents.second ?? null, owner: creator(ctx) };
    });
    await checkNewEntryEmails(ctx, table, entries.map((entry) => entry.data));
    const poolName = await passwordPoolName(ctx, passwords);
    const superuser = await sessionIsSuperuser(ctx.db);
    const rows = await write(ctx, table, "create", async (tx) => {
      await checkParents(tx, ctx, table, entries.map((created) => ({ first: created.parentFirst, second: created.parentSecond })));
      // One entry costs one key check either way: only a batch gains from checking it once.
      const inserted = await withProjectKeyCheckedOnce(tx, ctx.project.apiId, superuser && entries.length > 1, async () => {
        const rows = await insertEntries(tx, ctx.project.apiId, typeId, entries);
        await recordActivities(tx, ctx.project.apiId, "INSERT", recordType, rows.map((row) => row.id));
        return rows;
      });
      // insertEntries gives the rows in the order given.
      for (const [index, row] of inserted.entries()) await saveCredential(tx, ctx, table, row, passwords[index], poolName);
      return inserted;
    });
    return rows;
  };

  /** With a condition, only the entries that meet it (in the delete's own statement); none met is a failed condition. */
  const deleteMany = async (ctx: ProjectContext, inputs: (EntryInput & { id: string })[], condition?: Filter | null): Promise<EntryRow[]> => {
    const owner = allowed(ctx, "delete");
    checkBatch(inputs);
    for (const input of inputs) readInput(table, plan, input, "delete");
    const ids = inputs.map((input) => input.id);
    const met = hasCondition(condition) ? compileFilter(condition, table.byName) : null;
    let signInsEnded: string[] = [];
    const rows = await write(ctx, table, "delete", async (tx) => {
      const deleted = met
        ? await deleteEntriesMatching(tx, ctx.project.apiId, typeId, sql`id = any(${ids}::text[]) and ${met}`, owner)
        : await deleteEntries(tx, ctx.project.apiId, typeId, ids, owner);
      if (met && deleted.length === 0) throw conditionFailed();
      await recordActivities(tx, ctx.project.apiId, "REMOVE", recordType, deleted.map((row) => row.id));
      signInsEnded = await deleteCredentials(tx, ctx, table, deleted);
      return deleted;
    });
    forgetSignIns(ctx, signInsEnded);
    return rows;
  };

  return {
    table,
    /** An entry the caller may not read is answered as one that does not exist. */
    async get(ctx: ProjectContext, id: string) {
      const owner = allowed(ctx, "read");
      const row = await ctx.project.loaders.entry(typeId).load(id);
      return row && (!owner || row.owner === owner) ? row : null;
    },
    async list(ctx: ProjectContext, args: ListArgs) {
      const query = listQuery(ctx, table, args, allowed(ctx, "read"));
      const budget = ctx.responseBudget;
      const rows = budget ? await budget.read((maxBytes) => listEntries(ctx.db, { ...query, maxBytes })) : await listEntries(ctx.db, query);
      return { rows, query };
    },
    /** The same page as `list`, written by the database as the JSON of the selected fields (./jsonPage.ts). */
    async listJson(ctx: ProjectContext, args: ListArgs, fields: readonly JsonField[]) {
      const query = listQuery(ctx, table, args, allowed(ctx, "read"));
      const budget = ctx.responseBudget;
      const page = budget
        ? (await budget.read(async (maxBytes) => [await listEntriesAsJson(ctx.db, { ...query, maxBytes }, fields)]))[0]
        : await listEntriesAsJson(ctx.db, query, fields);
      return { page, query };
    },
    async batchGet(ctx: ProjectContext, ids: string[]) {
      const owner = allowed(ctx, "read");
      checkBatch(ids);
      const rows = await ctx.project.loaders.entry(typeId).loadMany(ids);
      return rows.map((row) => (row && !(row instanceof Error) && (!owner || row.owner === owner) ? row : null));
    },
    /** The children of one parent; `key` tells argument sets apart in the request's batch. */
    async listByParent(ctx: ProjectContext, args: ListArgs & { parentId: string; parentKey: "FIRST" | "SECOND" }) {
      const owner = allowed(ctx, "read");
      const slot: ParentSlot = args.parentKey === "SECOND" ? "second" : "first";
      if (!table.parents.some((parent) => parent.slot === slot)) {
        throw refuse("BAD_USER_INPUT", "error_parent_key_invalid", `${table.type.name} has no ${args.parentKey} parent.`, { parentKey: args.parentKey });
      }
      const query = listQuery(ctx, table, args, owner);
      const rows = await ctx.project.loaders.children(query, slot, JSON.stringify(args)).load(args.parentId);
      return { rows, query };
    },
    /** How many children one parent has (the record editor's has-many heading), up to one past the cap. */
    async countByParent(ctx: ProjectContext, parentId: string, parentKey: "FIRST" | "SECOND") {
      const owner = allowed(ctx, "read");
      const slot: ParentSlot = parentKey === "SECOND" ? "second" : "first";
      if (!table.parents.some((parent) => parent.slot === slot)) {
        throw refuse("BAD_USER_INPUT", "error_parent_key_invalid", `${table.type.name} has no ${parentKey} parent.`, { parentKey });
      }
      return countEntriesOfParent(ctx.db, ctx.project.apiId, typeId, slot, parentId, CHILD_COUNT_CAP + 1, owner);
    },
    /** Children of many parents, batched per request (the connection fields of a list); none for a caller who may read none. */
    async childrenOf(ctx: ProjectContext, parentId: string, slot: ParentSlot, args: ListArgs) {
      const caller = ctx.project.caller;
      const reach = reachOf(caller, table.type, "read");
      const query = listQuery(ctx, table, args, reach === "own" && caller.kind === "user" ? caller.sub : null);
      if (reach === "none") return { rows: [], query };
      return { rows: await ctx.project.loaders.children(query, slot, JSON.stringify(args)).load(parentId), query };
    },
    createMany,
    /**
     * Writes the values sent; with `expectedUpdatedAt`, only if nobody wrote the entry since
     * (the console's editors must never overwrite a change they have not seen).
     */
    async update(ctx: ProjectContext, input: EntryInput & { id: string }, expectedUpdatedAt?: string | null, condition?: Filter | null) {
      const owner = allowed(ctx, "update");
      const met = hasCondition(condition) ? compileFilter(condition, table.byName) : null;
      const { values, parents } = readInput(table, plan, input, "update");
      const password = takePassword(ctx, table, values);
      const emailToCheck = await emailNeedsCheck(ctx, table, values);
      const poolName = await passwordPoolName(ctx, [password]);
      let signInChanged = false;
      const [row] = await write(ctx, table, "update", async (tx) => {
        await checkParents(tx, ctx, table, [parents]);
        // Read under a lock, so the activity's "before" is what this write replaced.
        const current = await lockEntry(tx, ctx.project.apiId, typeId, input.id, owner);
        if (!current) throw notFound();
        if (expectedUpdatedAt && current.updated_at !== expectedUpdatedAt) throw staleWrite(current.updated_at);
        // The entry is locked: what the condition is checked against is what this write replaces.
        if (met && (await matchingEntryIds(tx, ctx.project.apiId, typeId, sql`id = ${input.id} and ${met}`, owner)).length === 0) throw conditionFailed();
        if (emailToCheck) await refuseEmailMove(tx, ctx, table, input.id, owner, values);
        const updated = await updateEntry(tx, ctx.project.apiId, typeId, input.id, { data: values, parentFirst: parents.first, parentSecond: parents.second }, owner);
        if (!updated) throw notFound();
        signInChanged = await saveCredential(tx, ctx, table, updated, password, poolName);
        const changes = changesOf(current.data, values, ctx.config.limits.activityChangeMaxBytes);
        await recordActivities(tx, ctx.project.apiId, "MODIFY", recordType, [updated.id], changes);
        return [updated];
      });
      if (signInChanged) forgetSignIns(ctx, [row.id]);
      return row;
    },
    deleteMany,
    /**
     * Every entry the filter matches (all without one) when the call starts, deleted in chunks of
     * DELETE_CHUNK, each its own transaction, announcing the progress after each commit. Entries
     * created meanwhile are not deleted, nor those changed so they no longer match. A failure or
     * a kill midway leaves the committed chunks deleted and the rest untouched (docs/DECISIONS.md).
     */
    async deleteMatching(ctx: ProjectContext, filter: Filter | null, deletionId: string) {
      const owner = allowed(ctx, "delete");
      const condition = filter ? compileFilter(filter, table.byName) : sql`true`;
      const ids = await matchingEntryIds(ctx.db, ctx.project.apiId, typeId, condition, owner);
      // Each chunk's progress commits with it, so the subscribers on every server follow it.
      const progress = (deleted: number, finished: boolean) =>
        deletionChange(ctx.project.apiId, typeId, { deletionId, ofType: recordType, deleted, total: ids.length, finished });
      let deleted = 0;
      for (let start = 0; start < ids.length; start += DELETE_CHUNK) {
        const chunk = ids.slice(start, start + DELETE_CHUNK);
        let signInsEnded: string[] = [];
        const finished = start + DELETE_CHUNK >= ids.length;
        const rows = await write(
          ctx,
          table,
          "delete",
          async (tx) => {
            const removed = await deleteEntriesMatching(tx, ctx.project.apiId, typeId, sql`id = any(${chunk}::text[]) and ${condition}`, owner);
            await recordActivities(tx, ctx.project.apiId, "REMOVE", recordType, removed.map((row) => row.id));
            signInsEnded = await deleteCredentials(tx, ctx, table, removed);
            return removed;
          },
          (removed) => [progress(deleted + removed.length, finished)],
        );
        forgetSignIns(ctx, signInsEnded);
        deleted += rows.length;
        // Lets other requests have the database between chunks.
        if (!finished) await new Promise((resolve) => setImmediate(resolve));
      }
      if (ids.length === 0) {
        await appendAfterCommit(ctx.db, [progress(0, true)]);
        ctx.pubsub.changesCommitted();
      }
      return deleted;
    },
    subscribeDeletions(ctx: ProjectContext) {
      allowed(ctx, "read");
      return ctx.project.events.subscribeDeletions(ctx.project.apiId, typeId);
    },
    /** A caller who reads only their own entries hears only of those. */
    subscribe(ctx: ProjectContext, event: EntryEvent) {
      const owner = allowed(ctx, "read");
      const live = ctx.project.events.subscribe(ctx.project.apiId, typeId, event);
      const events = resumable(ctx, ctx.db, live, entriesFilter(ctx.project.apiId, typeId, event));
      return owner ? ownEntriesOnly(events, owner) : events;
    },
    subscribeImported(ctx: ProjectContext) {
      allowed(ctx, "read");
      return resumable(ctx, ctx.db, ctx.project.events.subscribeImported(ctx.project.apiId, typeId), entriesFilter(ctx.project.apiId, typeId, "import"));
    },
  };
}

export type EntryOperations = ReturnType<typeof entryOperations>;
