import { randomUUID } from "node:crypto";
import { buildSchema, coerceInputValue, isInputObjectType, type GraphQLInputObjectType, type GraphQLSchema } from "graphql";
import { forbidden, notFound, refuse } from "../../graphqlKit/errors";
import { mayDo } from "../access/access";
import type { ProjectContext } from "../context";
import { entryOperations, entryValues, type EntryInput, type EntryOperations, type ListArgs } from "./entries";
import type { DeletionProgress, EntryEvent, ImportedBatch } from "../realtime/events";
import type { Filter } from "./filters";
import { valueRefusal } from "./messages";
import { parentIdInputName, typeNames } from "../schema/names";
import { DEFAULT_LIMIT, toConnection, type SortRange } from "./paging";
import type { ModelPlan, TablePlan } from "../schema/plan";
import type { PublishingType } from "../../../src/domain/model";
import { isDeletionId } from "../../../src/domain/deletions";
import { generateSdl } from "../schema/sdl";
import { jsonNestsDeeperThan, MAX_INPUT_DEPTH } from "../../../src/domain/limits";
import { inputTooDeep } from "../../security/inputShape";
import { listSizes } from "./listCounts";
import { triggeredWrite } from "../../functions/triggers";
import type { EntryRow, ListQuery, SortOrder } from "./store";

interface TableArgs {
  ofType: string;
  namespace?: string | null;
}

interface GenericListArgs extends TableArgs {
  limit?: number | null;
  nextToken?: string | null;
  first?: number | null;
  after?: string | null;
  filter?: string | null;
  sortOrder: SortOrder;
  sortField?: string | null;
  sortRange?: SortRange | null;
}

interface ValueArgs {
  fields?: string | null;
  connections?: string | null;
  directives?: string | null;
}

/** The parent named by parentType must be the table's parent in the slot parentKey names. */
function checkParentType(table: TablePlan, args: { ofType: string; parentType: string; parentKey: "FIRST" | "SECOND" }) {
  const slot = args.parentKey === "SECOND" ? "second" : "first";
  const parent = table.parents.find((candidate) => candidate.slot === slot);
  if (parent && parent.type.name !== args.parentType) {
    throw refuse("BAD_USER_INPUT", "error_parent_key_invalid", `${args.ofType} has no ${args.parentKey} parent ${args.parentType}.`, { parentKey: args.parentKey });
  }
}

/** A JSON argument that must hold an object; anything else is refused naming the argument. */
function jsonObject(text: string | null | undefined, argument: string): Record<string, unknown> {
  if (text === null || text === undefined) return {};
  // The filter and value checks recurse through the object: one nested deeper than any real one is refused unread.
  if (jsonNestsDeeperThan(text, MAX_INPUT_DEPTH)) throw inputTooDeep();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw valueRefusal({ messageId: "error_value_json", field: argument });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw valueRefusal({ messageId: "error_value_json", field: argument });
  return parsed as Record<string, unknown>;
}

const unknownFilterField = (field: string) => refuse("BAD_USER_INPUT", "error_filter_unknown_field", `The filter names ${field}, which is not a field of this table.`, { field });

/** Every key of a filter that is not and/or/not must be a field of the filter's input type. */
function checkFilterFields(node: unknown, type: GraphQLInputObjectType) {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return;
  const known = type.getFields();
  for (const [key, value] of Object.entries(node)) {
    if (!known[key]) throw unknownFilterField(key);
    if (key === "and" || key === "or") for (const child of Array.isArray(value) ? value : []) checkFilterFields(child, type);
    if (key === "not") checkFilterFields(value, type);
  }
}

/**
 * The filter as JSON text, checked exactly as the table's own `filter` argument would be: by
 * the table's filter input type of the live schema (fields, operators, operand types).
 */
function readFilter(schema: GraphQLSchema, table: TablePlan, text: string | null | undefined): Filter | null {
  if (text === null || text === undefined || text === "") return null;
  const parsed = jsonObject(text, "filter");
  const type = schema.getType(typeNames(table.type).filter);
  if (!isInputObjectType(type)) throw new Error(`no filter type for ${table.type.name}`);
  checkFilterFields(parsed, type);
  return coerceInputValue(parsed, type, (_path, _value, error) => {
    throw refuse("BAD_USER_INPUT", "error_filter_invalid", `The filter is not valid: ${error.message}`, { reason: error.message });
  }) as Filter;
}

/** API keys and project users reach only what the table publishes (as with its own operations); members manage data by role. */
function requirePublished(ctx: ProjectContext, table: TablePlan, publishing: PublishingType) {
  if (ctx.project.caller.kind !== "member" && !table.publishes.has(publishing)) throw forbidden();
}

/**
 * Spec §7 "The generic Type model": every table's entries through one set of operations named
 * by the table (`ofType`), with the values as JSON text. The console's data screens compile
 * against it (schema.project.graphql), since a table's own operations differ per project.
 * Everything is done by the table's entry operations (entries.ts), as for the per-table API.
 */
export function genericResolvers(plan: ModelPlan) {
  const byName = new Map(plan.tables.map((table) => [table.type.name, entryOperations(plan, table)]));
  // The filter types, built here rather than taken from the executable schema: graphql's
  // functions refuse types made by another copy of the module (vitest loads two).
  let filterTypes: GraphQLSchema | undefined;
  const filterOf = (table: TablePlan, text: string | null | undefined) => readFilter((filterTypes ??= buildSchema(generateSdl(plan), { noLocation: true })), table, text);

  /** The table named by ofType in this project's namespace (the project's id; none means this project). */
  function operationsFor(ctx: ProjectContext, args: TableArgs, publishing: PublishingType): EntryOperations {
    const operations = byName.get(args.ofType);
    if (!operations || (args.namespace && args.namespace !== ctx.project.apiId)) {
      throw refuse("BAD_USER_INPUT", "error_type_unknown", `${args.ofType} is not a table of this project.`, { ofType: args.ofType });
    }
    requirePublished(ctx, operations.table, publishing);
    return operations;
  }

  const toType = (ctx: ProjectContext, table: TablePlan) => (row: EntryRow) => ({
    id: row.id,
    ofType: table.type.name,
    namespace: ctx.project.apiId,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    fields: JSON.stringify(entryValues(row, table)),
    connections: JSON.stringify(Object.fromEntries(table.parents.map(({ slot, type }) => [parentIdInputName(type), slot === "first" ? row.parent_first : row.parent_second]))),
  });

  const listArgs = (table: TablePlan, args: GenericListArgs): ListArgs => {
    if (args.sortField && !table.sortFields.includes(args.sortField)) {
      throw refuse("BAD_USER_INPUT", "error_sort_field_invalid", `${args.sortField} cannot be sorted by; use one of ${table.sortFields.join(", ")}.`, {
        field: args.sortField,
        allowed: table.sortFields.join(", "),
      });
    }
    return {
      limit: args.first ?? args.limit ?? DEFAULT_LIMIT,
      nextToken: args.after ?? args.nextToken,
      filter: filterOf(table, args.filter),
      sortOrder: args.sortOrder,
      sortBy: args.sortField,
      sortRange: args.sortRange,
    };
  };

  const page = (ctx: ProjectContext, table: TablePlan, { rows, query }: { rows: EntryRow[]; query: ListQuery }) =>
    toConnection(rows, query.limit, query.sort, toType(ctx, table));

  /** fields and connections as one write input; a connection must be one of the table's parents. */
  function entryInput(table: TablePlan, args: ValueArgs): EntryInput {
    const fields = jsonObject(args.fields, "fields");
    const connections = jsonObject(args.connections, "connections");
    jsonObject(args.directives, "directives");
    if ("id" in fields) throw valueRefusal({ messageId: "error_value_readonly", field: "id" });
    const parentInputs = new Set(table.parents.map(({ type }) => parentIdInputName(type)));
    const stray = Object.keys(connections).find((name) => !parentInputs.has(name));
    if (stray) throw valueRefusal({ messageId: "error_value_unknown_field", field: stray });
    return { ...fields, ...connections };
  }

  const subscription = (event: EntryEvent) => ({
    subscribe: (_: unknown, args: TableArgs, ctx: ProjectContext) => operationsFor(ctx, args, "subscriptions").subscribe(ctx, event),
    resolve: (row: EntryRow, args: TableArgs, ctx: ProjectContext) => toType(ctx, operationsFor(ctx, args, "subscriptions").table)(row),
  });

  return {
    Query: {
      viewerCanEditData: (_: unknown, __: unknown, ctx: ProjectContext) => mayDo(ctx.project.caller, "update"),
      viewerCanDeleteData: (_: unknown, __: unknown, ctx: ProjectContext) => mayDo(ctx.project.caller, "delete"),
      async type(_: unknown, args: TableArgs & { id: string }, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "queries");
        const row = await operations.get(ctx, args.id);
        return row ? toType(ctx, operations.table)(row) : null;
      },
      async listTypes(_: unknown, args: GenericListArgs, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "queries");
        const list = await operations.list(ctx, listArgs(operations.table, args));
        // Assigned, not spread: a spread would read the page's lazy edges and cursors.
        return Object.assign(page(ctx, operations.table, list), listSizes(list.query));
      },
      async listTypesByParentType(_: unknown, args: GenericListArgs & { parentType: string; parentId: string; parentKey: "FIRST" | "SECOND" }, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "queries");
        checkParentType(operations.table, args);
        const list = listArgs(operations.table, args);
        return page(ctx, operations.table, await operations.listByParent(ctx, { ...list, parentId: args.parentId, parentKey: args.parentKey }));
      },
      async countTypesByParentType(_: unknown, args: TableArgs & { parentType: string; parentId: string; parentKey: "FIRST" | "SECOND" }, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "queries");
        checkParentType(operations.table, args);
        return operations.countByParent(ctx, args.parentId, args.parentKey);
      },
    },
    Mutation: {
      async createType(_: unknown, args: TableArgs & ValueArgs, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "mutations");
        const [row] = await triggeredWrite(ctx, operations.table, "create", entryInput(operations.table, args), (input) => operations.createMany(ctx, [input]), true);
        return toType(ctx, operations.table)(row);
      },
      async batchCreateType(_: unknown, args: TableArgs & { items: ValueArgs[] }, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "mutations");
        const rows = await triggeredWrite(ctx, operations.table, "create", args.items.map((item) => entryInput(operations.table, item)), (input) => operations.createMany(ctx, input), false);
        return rows.map(toType(ctx, operations.table));
      },
      async updateType(_: unknown, args: TableArgs & ValueArgs & { id: string; expectedUpdatedAt?: string | null }, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "mutations");
        const [row] = await triggeredWrite(ctx, operations.table, "update", { ...entryInput(operations.table, args), id: args.id }, async (input) => [await operations.update(ctx, input, args.expectedUpdatedAt)], true);
        return toType(ctx, operations.table)(row);
      },
      async deleteType(_: unknown, args: TableArgs & { id: string; fields?: string | null }, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "mutations");
        const [row] = await triggeredWrite(ctx, operations.table, "delete", { ...jsonObject(args.fields, "fields"), id: args.id }, (input) => operations.deleteMany(ctx, [input]), true);
        if (!row) throw notFound();
        return toType(ctx, operations.table)(row);
      },
      async batchDeleteType(_: unknown, args: TableArgs & { items: { id: string; fields?: string | null }[] }, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "mutations");
        const rows = await triggeredWrite(ctx, operations.table, "delete", args.items.map((item) => ({ ...jsonObject(item.fields, "fields"), id: item.id })), (input) => operations.deleteMany(ctx, input), false);
        return rows.map(toType(ctx, operations.table));
      },
      async deleteTypes(_: unknown, args: TableArgs & { filter?: string | null; deletionId?: string | null }, ctx: ProjectContext) {
        const operations = operationsFor(ctx, args, "mutations");
        const deletionId = args.deletionId ?? randomUUID();
        if (!isDeletionId(deletionId)) {
          throw refuse("BAD_USER_INPUT", "error_deletion_id_invalid", "deletionId must be 1 to 64 letters, digits or dashes.", { field: "deletionId" });
        }
        return { deletedCount: await operations.deleteMatching(ctx, filterOf(operations.table, args.filter), deletionId) };
      },
    },
    Subscription: {
      onCreateType: subscription("create"),
      onUpdateType: subscription("update"),
      onDeleteType: subscription("delete"),
      onDeleteTypesProgress: {
        subscribe: (_: unknown, args: TableArgs, ctx: ProjectContext) => operationsFor(ctx, args, "subscriptions").subscribeDeletions(ctx),
        resolve: (progress: DeletionProgress) => progress,
      },
      onImportType: {
        subscribe: (_: unknown, args: TableArgs, ctx: ProjectContext) => operationsFor(ctx, args, "subscriptions").subscribeImported(ctx),
        resolve: (batch: ImportedBatch) => batch,
      },
    },
  };
}
