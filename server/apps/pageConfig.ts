import type { DbOrTx } from "../db/database";
import { planModel, type TablePlan } from "../projectEndpoint/schema/plan";
import { childrenFieldName, operationNames, parentFieldName } from "../../src/domain/model/apiNames";
import { filterExpression, type FilterCondition, type FilterExpression, type FilterOperator } from "../../src/domain/filters";
import { requiredFlags } from "../../src/domain/model/required";
import { chatTablesOf, parseAppSchema, wordSearchFilter, userFieldsOf, type AppPageChatTable, type AppPageConfig, type AppPageRelated, type AppPageTable, type AppPageView, type AppView, DEFAULT_VIEW_PAGE_SIZE } from "../../src/domain/apps";
import { findCustomerApp, liveModelOf } from "./store";

/**
 * The table as one view needs it, and no more: the page is served to anyone with the link before
 * sign-in, so it carries only the fields the view shows (plus those a create must fill when the
 * view offers create) and only the operations the view's actions use. Table permissions, other
 * fields and other tables stay on the server, where the user's token is checked on every call.
 */
function pageTable(table: TablePlan, enums: ReturnType<typeof planModel>["enums"], shown: ReadonlySet<string>, actions: AppPageView["actions"]): AppPageTable {
  const ops = operationNames(table.type);
  const writes = table.publishes.has("mutations");
  const needed = table.fields.filter((planned) => shown.has(planned.field.name) || (actions.create && requiredFlags(planned.field).requiredOnCreate));
  return {
    name: table.type.name,
    fields: needed.map((planned) => ({
      name: planned.field.name,
      graphqlType: planned.graphqlType,
      kind: planned.kind,
      readonly: planned.field.readonly === true,
      requiredOnCreate: requiredFlags(planned.field).requiredOnCreate,
      isList: planned.field.isList === true,
      ...(planned.field.type === "Enum" && planned.field.typeId
        ? { enumValues: (enums.get(planned.field.typeId)?.values ?? []).map((value) => value.name).filter((name) => name !== "") }
        : {}),
    })),
    operations: {
      list: ops.list,
      get: ops.get,
      create: writes && actions.create ? ops.create : null,
      update: writes && actions.edit ? ops.update : null,
      delete: writes && actions.delete ? ops.delete : null,
    },
  };
}

/** A chatbot's table with the names of its chosen fields, or nothing when the table is gone. */
function chatTable(table: TablePlan | undefined, enums: ReturnType<typeof planModel>["enums"], fieldIds: string[]): AppPageChatTable[] {
  if (!table) return [];
  const fields = fieldIds.flatMap((fieldId) => table.type.fields.find((field) => field.id === fieldId)?.name ?? []);
  return [{ table: pageTable(table, enums, new Set(fields), { create: false, edit: false, delete: false }), fields }];
}

/** A table view's default filter and its pinned word search, both applied. */
function withSearch(filter: FilterExpression | null, search: FilterExpression | null): FilterExpression | null {
  if (!search) return filter;
  return filter ? ({ and: [filter, search] } as unknown as FilterExpression) : search;
}

/** How many of a related table's fields a detail view lists per record. */
const RELATED_FIELDS = 3;

/** A detail view's chosen connected tables that are still connected and published, in the view's order. */
function relatedOf(view: AppView, table: TablePlan | undefined): AppPageRelated[] {
  if (view.type !== "detail" || !table) return [];
  const related = (type: TablePlan["type"], kind: AppPageRelated["kind"]): [string, AppPageRelated] => [
    type.id,
    { table: type.name, kind, field: kind === "parent" ? parentFieldName(type) : childrenFieldName(type), fields: userFieldsOf(type).slice(0, RELATED_FIELDS).map((field) => field.name) },
  ];
  const connected = new Map([...table.parents.map(({ type }) => related(type, "parent")), ...table.children.map(({ type }) => related(type, "children"))]);
  return (view.related ?? []).flatMap((tableId) => connected.get(tableId) ?? []);
}

/**
 * The app as its page runs it: each view's table and fields looked up by id in the project's
 * live model now (what /p/<apiId>/graphql serves), by name as the generated API names them.
 * Null for an unknown app.
 */
export async function appPageConfig(db: DbOrTx, appId: string, origin: string, logoUrl: (updatedAt: Date) => string): Promise<AppPageConfig | null> {
  const app = await findCustomerApp(db, appId);
  if (!app) return null;
  const [model, pool] = await Promise.all([
    liveModelOf(db, app.api_id),
    db.selectFrom("project_user_pools").select(["pool_id", "client_id"]).where("api_id", "=", app.api_id).executeTakeFirst(),
  ]);
  const plan = model ? planModel(model) : null;
  const tables = new Map((plan?.tables ?? []).map((table) => [table.type.id, table]));
  const parsed = parseAppSchema(app.schema);
  const views: AppPageView[] = ("schema" in parsed ? parsed.schema.views : []).map((view) => {
    const table = tables.get(view.tableId);
    const fieldName = (fieldId: string) => table?.type.fields.find((field) => field.id === fieldId)?.name;
    const fieldIds = view.type === "table" ? view.columns : view.fields;
    const fields = table ? fieldIds.map(fieldName).filter((name): name is string => name !== undefined) : [];
    const sortName = view.type === "table" && view.sort ? fieldName(view.sort.fieldId) : undefined;
    const actions = view.type === "table" ? view.actions : { create: false, edit: false, delete: false };
    const conditions: FilterCondition[] = (view.type === "table" ? (view.filter ?? []) : []).flatMap((rule) => {
      const name = fieldName(rule.fieldId);
      return name ? [{ field: name, operator: rule.operator as FilterOperator, value: rule.value }] : [];
    });
    return {
      id: view.id,
      name: view.name,
      type: view.type,
      table: table && plan ? pageTable(table, plan.enums, new Set(fields), actions) : null,
      fields,
      pageSize: view.type === "table" ? view.pageSize : DEFAULT_VIEW_PAGE_SIZE,
      sort: view.type === "table" && view.sort && sortName ? { field: sortName, direction: view.sort.direction } : null,
      actions,
      filter: withSearch(filterExpression(conditions), view.type === "table" && view.search ? wordSearchFilter(view.search.fieldIds.flatMap((fieldId) => fieldName(fieldId) ?? []), view.search.words) : null),
      related: relatedOf(view, table),
      chatTables: view.type === "chatbot" && plan ? chatTablesOf(view).flatMap((chosen) => chatTable(tables.get(chosen.tableId), plan.enums, chosen.fields)) : [],
    };
  });
  return {
    appId: app.id,
    name: app.name,
    logoUrl: app.logo_key ? logoUrl(app.updated_at) : null,
    graphqlUrl: `${origin}/p/${app.api_id}/graphql`,
    userPool: pool ? { userPoolId: pool.pool_id, clientId: pool.client_id, endpoint: `${origin}/auth` } : null,
    views,
  };
}
