import { filterKind, filterOperand } from "../../../src/domain/filters";
import { amplifyOperationNames, amplifyTypeNames } from "../../../src/domain/model/amplifyNames";
import { DEFAULT_LIMIT } from "../entries/paging";
import type { PlannedField, TablePlan } from "./plan";

/**
 * What the project setting 'Amplify-compatible names' adds to a project's schema: the inputs
 * and names AWS Amplify's generated code declares in its operations (`ModelTodoFilterInput`,
 * `listTodos`, `createTodo(input, condition)`, `onCreateTodo(filter)`), served by the spec's
 * resolvers. Generated code names these types in its variable declarations, so they are named
 * exactly as Amplify names them.
 */

const scalarInput = (scalar: string, ordered: boolean) =>
  [
    `ne: ${scalar} eq: ${scalar}`,
    ordered ? `le: ${scalar} lt: ${scalar} ge: ${scalar} gt: ${scalar} between: [${scalar}]` : "",
    scalar === "String" || scalar === "ID" ? `contains: String notContains: String beginsWith: String` : "",
    `attributeExists: Boolean attributeType: ModelAttributeTypes`,
    scalar === "String" || scalar === "ID" ? "size: ModelSizeInput" : "",
    scalar === "Boolean" ? "" : `in: [${scalar}] notIn: [${scalar}]`,
  ].filter(Boolean).join(" ");

const subscriptionInput = (scalar: string) =>
  [
    `ne: ${scalar} eq: ${scalar}`,
    scalar === "Boolean" ? "" : `le: ${scalar} lt: ${scalar} ge: ${scalar} gt: ${scalar} between: [${scalar}] in: [${scalar}] notIn: [${scalar}]`,
    scalar === "String" || scalar === "ID" ? `contains: String notContains: String beginsWith: String` : "",
  ].filter(Boolean).join(" ");

const LIST_OPERANDS = ["String", "Int", "Float", "Boolean"];

/** Once per schema, whatever the tables. */
export const AMPLIFY_SHARED_SDL = `
enum ModelSortDirection { ASC DESC }
enum ModelAttributeTypes { binary binarySet bool list map number numberSet string stringSet _null }
input ModelSizeInput { ne: Int eq: Int le: Int lt: Int ge: Int gt: Int between: [Int] }
input ModelStringInput { ${scalarInput("String", true)} }
input ModelIDInput { ${scalarInput("ID", true)} }
input ModelIntInput { ${scalarInput("Int", true)} }
input ModelFloatInput { ${scalarInput("Float", true)} }
input ModelBooleanInput { ${scalarInput("Boolean", false)} }
input ModelEnumInput { eq: String ne: String in: [String] notIn: [String] attributeExists: Boolean attributeType: ModelAttributeTypes }
${LIST_OPERANDS.map((operand) => `input ModelList${operand}Input { contains: ${operand} notContains: ${operand} attributeExists: Boolean attributeType: ModelAttributeTypes size: ModelSizeInput }`).join("\n")}
input ModelJsonInput { attributeExists: Boolean attributeType: ModelAttributeTypes }
input ModelSubscriptionStringInput { ${subscriptionInput("String")} }
input ModelSubscriptionIDInput { ${subscriptionInput("ID")} }
input ModelSubscriptionIntInput { ${subscriptionInput("Int")} }
input ModelSubscriptionFloatInput { ${subscriptionInput("Float")} }
input ModelSubscriptionBooleanInput { ${subscriptionInput("Boolean")} }
`;

/** A field's input in Amplify's filters and conditions. */
function fieldInput(planned: PlannedField): string {
  const operand = filterOperand(planned.kind);
  switch (filterKind(planned.kind)) {
    case "choice":
      return "ModelEnumInput";
    case "list":
      return `ModelList${operand}Input`;
    case "presence":
      return "ModelJsonInput";
    default:
      return `Model${operand}Input`;
  }
}

/** A field's input in a subscription's filter; lists and JSON are not filtered there. */
function subscriptionFieldInput(planned: PlannedField): string | null {
  const kind = filterKind(planned.kind);
  if (kind === "list" || kind === "presence") return null;
  return kind === "choice" ? "ModelSubscriptionStringInput" : `ModelSubscription${filterOperand(planned.kind)}Input`;
}

export function amplifyTableTypes(table: TablePlan): string {
  const names = amplifyTypeNames(table.type);
  const fieldLines = table.fields.map((planned) => `${planned.field.name}: ${fieldInput(planned)}`);
  const subscriptionLines = table.fields.flatMap((planned) => {
    const input = subscriptionFieldInput(planned);
    return input ? [`${planned.field.name}: ${input}`] : [];
  });
  const logic = (type: string, withNot: boolean) => `and: [${type}] or: [${type}]${withNot ? ` not: ${type}` : ""}`;
  return `
input ${names.filter} { id: ModelIDInput createdAt: ModelStringInput updatedAt: ModelStringInput ${fieldLines.join(" ")} ${logic(names.filter, true)} }
input ${names.condition} { createdAt: ModelStringInput updatedAt: ModelStringInput ${fieldLines.join(" ")} ${logic(names.condition, true)} }
type ${names.connection} { items: [${table.type.name}]! nextToken: String }
input ${names.subscriptionFilter} { id: ModelSubscriptionIDInput createdAt: ModelSubscriptionStringInput updatedAt: ModelSubscriptionStringInput ${subscriptionLines.join(" ")} ${logic(names.subscriptionFilter, false)} }
`;
}

/** Amplify's list, beside the spec's: its filter, limit, nextToken and sort direction, answering Amplify's `Model…Connection`. */
export function amplifyQueries(table: TablePlan): string[] {
  const names = amplifyTypeNames(table.type);
  return [`${amplifyOperationNames(table.type).list}(filter: ${names.filter}, limit: Int = ${DEFAULT_LIMIT}, nextToken: String, sortDirection: ModelSortDirection): ${names.connection}!`];
}

/** The `condition` argument Amplify's create, update and delete declare. */
export const amplifyConditionArgument = (table: TablePlan) => `condition: ${amplifyTypeNames(table.type).condition}`;

/** The `filter` argument Amplify's onCreate, onUpdate and onDelete declare. */
export const amplifySubscriptionArgument = (table: TablePlan) => `filter: ${amplifyTypeNames(table.type).subscriptionFilter}`;
