import type { ObjectType } from "../../../src/domain/model";
import type { ModelPlan, TablePlan } from "./plan";
import { DEFAULT_LIMIT } from "../entries/paging";
import { FILTER_INPUTS_SDL } from "./filterInputs";
import { BUILT_IN_MUTATIONS, BUILT_IN_QUERIES, BUILT_IN_SDL } from "../builtIns/tables";
import { FILES_MUTATIONS, FILES_QUERIES, FILES_SDL, FILES_SUBSCRIPTIONS } from "../files/sdl";
import { GENERIC_MUTATIONS, GENERIC_QUERIES, GENERIC_SDL, GENERIC_SUBSCRIPTIONS } from "./genericSdl";
import { USER_GROUPS_MUTATIONS, USER_GROUPS_QUERIES, USER_GROUPS_SDL } from "../access/userGroups";
import { childrenFieldName, operationNames, parentFieldName, parentIdInputName, typeNames } from "./names";
import { exposesOwner as exposesOwnerField } from "../../../src/domain/model/apiNames";
import { AMPLIFY_SHARED_SDL, amplifyConditionArgument, amplifyQueries, amplifySubscriptionArgument, amplifyTableTypes } from "./amplifySdl";

/** How a live version is published beside its model (project settings that take effect on publishing). */
export interface SchemaOptions {
  /** Adds Amplify's generated names beside the spec's ('Amplify-compatible names'). */
  amplifyNames?: boolean;
}

/**
 * The SDL of a live version: shared types, then per table its object, list and input types
 * and the operations it publishes (spec §7). An operation a table does not publish does not
 * exist in the schema.
 */
const SHARED = `
enum SortOrder { ASC DESC }
"Which parent slot of a child (spec §7 listTypesByParentType: FIRST or SECOND)."
enum ParentKey { FIRST SECOND }
type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
"Spec §7 sort-range operators, on the list's sort field; the filter operators per field type."
${FILTER_INPUTS_SDL}
`;

const listArgs = (type: ObjectType) =>
  `limit: Int = ${DEFAULT_LIMIT}, nextToken: String, filter: ${typeNames(type).filter}, sortOrder: SortOrder = DESC, sortBy: ${typeNames(type).sortField}, sortRange: SortRangeInput`;

/** A table with no user fields and no parents has nothing to send on create. */
export const hasCreateInput = (table: TablePlan) => table.fields.length + table.parents.length > 0;

/**
 * Every table has owner access (spec §6 "The owner always has access"), so every entry type
 * shows who created the entry — read-only: no input type has it. A table with a field of its
 * own named owner keeps that field (docs/DECISIONS.md).
 */
export const exposesOwner = (table: TablePlan) => exposesOwnerField(table.fields.map((planned) => planned.field));
const OWNER_FIELD = `"The sub of the project user who created the entry; null when an API key or a console member created it."\n  owner: String`;

function tableTypes(table: TablePlan): string {
  const names = typeNames(table.type);
  const fieldLines = table.fields.map((planned) => `  ${planned.field.name}: ${planned.graphqlType}`);
  const parentLines = table.parents.map(({ type }) => `  ${parentFieldName(type)}: ${type.name}`);
  const childLines = table.children.map(({ type }) => `  ${childrenFieldName(type)}(${listArgs(type)}): ${typeNames(type).connection}!`);
  const parentInputs = table.parents.map(({ type }) => `  ${parentIdInputName(type)}: ID`);
  const filterLines = ["id: StringFilterInput", "createdAt: StringFilterInput", "updatedAt: StringFilterInput", ...table.fields.map((planned) => `${planned.field.name}: ${planned.filterType}`)];
  return `
type ${names.object} {
  id: ID!
  createdAt: String!
  updatedAt: String!${exposesOwner(table) ? `\n  ${OWNER_FIELD}` : ""}
${[...fieldLines, ...parentLines, ...childLines].join("\n")}
}
type ${names.edge} { node: ${names.object}! cursor: String! }
type ${names.connection} { items: [${names.object}!]! nextToken: String edges: [${names.edge}!]! pageInfo: PageInfo! }
enum ${names.sortField} { ${table.sortFields.join(" ")} }
input ${names.filter} {
  ${filterLines.join("\n  ")}
  and: [${names.filter}!]
  or: [${names.filter}!]
  not: ${names.filter}
}
${hasCreateInput(table) ? `input ${names.createInput} {\n${[...fieldLines, ...parentInputs].join("\n")}\n}` : ""}
input ${names.updateInput} {
  id: ID!
${[...fieldLines, ...parentInputs].join("\n")}
}
input ${names.deleteInput} {
  id: ID!
${table.fields.filter((planned) => planned.requiredOnDelete).map((planned) => `  ${planned.field.name}: ${planned.graphqlType}`).join("\n")}
}
`;
}

function tableOperations(table: TablePlan, options: SchemaOptions) {
  const names = typeNames(table.type);
  const ops = operationNames(table.type);
  const amplify = !!options.amplifyNames;
  // Amplify's create, update and delete take a condition; its subscriptions a filter.
  const condition = amplify ? `, ${amplifyConditionArgument(table)}` : "";
  const filter = amplify ? `(${amplifySubscriptionArgument(table)})` : "";
  const queries = table.publishes.has("queries")
    ? [
        `${ops.get}(id: ID!): ${names.object}`,
        `${ops.list}(${listArgs(table.type)}): ${names.connection}!`,
        `${ops.batchGet}(ids: [ID!]!): [${names.object}]!`,
        ...(table.parents.length ? [`${ops.listByParent}(parentId: ID!, parentKey: ParentKey = FIRST, ${listArgs(table.type)}): ${names.connection}!`] : []),
        ...(amplify ? amplifyQueries(table) : []),
      ]
    : [];
  const mutations = table.publishes.has("mutations")
    ? [
        ...(hasCreateInput(table)
          ? [`${ops.create}(input: ${names.createInput}!${condition}): ${names.object}!`, `${ops.batchCreate}(input: [${names.createInput}!]!): [${names.object}!]!`]
          : [amplify ? `${ops.create}(${amplifyConditionArgument(table)}): ${names.object}!` : `${ops.create}: ${names.object}!`]),
        `${ops.update}(input: ${names.updateInput}!${condition}): ${names.object}!`,
        `${ops.delete}(input: ${names.deleteInput}!${condition}): ${names.object}!`,
        `${ops.batchDelete}(input: [${names.deleteInput}!]!): [${names.object}!]!`,
      ]
    : [];
  const subscriptions = table.publishes.has("subscriptions")
    ? [`${ops.onCreate}${filter}: ${names.object}!`, `${ops.onUpdate}${filter}: ${names.object}!`, `${ops.onDelete}${filter}: ${names.object}!`]
    : [];
  return { queries, mutations, subscriptions };
}

export function generateSdl(plan: ModelPlan, options: SchemaOptions = {}): string {
  const enums = [...plan.enums.values()].map((enumType) => `enum ${enumType.name} { ${enumType.values.map((value) => value.name).join(" ")} }`);
  const operations = plan.tables.map((table) => tableOperations(table, options));
  const queries = [...operations.flatMap((op) => op.queries), ...BUILT_IN_QUERIES, ...FILES_QUERIES, ...GENERIC_QUERIES, ...USER_GROUPS_QUERIES];
  const mutations = [...operations.flatMap((op) => op.mutations), ...BUILT_IN_MUTATIONS, ...FILES_MUTATIONS, ...GENERIC_MUTATIONS, ...USER_GROUPS_MUTATIONS];
  const subscriptions = [...operations.flatMap((op) => op.subscriptions), ...GENERIC_SUBSCRIPTIONS, ...FILES_SUBSCRIPTIONS];
  return [
    SHARED,
    BUILT_IN_SDL,
    FILES_SDL,
    GENERIC_SDL,
    USER_GROUPS_SDL,
    ...enums,
    ...plan.tables.map(tableTypes),
    ...(options.amplifyNames ? [AMPLIFY_SHARED_SDL, ...plan.tables.map(amplifyTableTypes)] : []),
    `type Query {\n  ${[...queries, `"The live version's number."\n  liveVersion: Int!`].join("\n  ")}\n}`,
    `type Mutation {\n  ${mutations.join("\n  ")}\n}`,
    `type Subscription {\n  ${subscriptions.join("\n  ")}\n}`,
  ].join("\n");
}
