import { Kind, type ArgumentNode, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from "graphql";
import { MAX_PAGE_SIZE } from "../graphqlKit/connection";

/*
 * graphql-armor's cost rule multiplies a list field's subtree by its `first`/`last`, but only
 * when that is a literal: `apis(first: $n)` and `apis` without a size counted as one item each.
 * Here every list field of the operation gets its size as the literal the resolvers will see —
 * the variable's value, else the variable's default, else the argument's default in the schema,
 * else MAX_PAGE_SIZE, and never more than MAX_PAGE_SIZE — so the same rule prices what will run
 *.
 *
 * The schema is read through plain methods and fields, not graphql's type helpers, which refuse
 * types from the second copy of graphql that test runners load next to the first.
 */
export interface SchemaType {
  name: string;
  getFields?: () => Record<string, SchemaField>;
  ofType?: SchemaType;
}
export interface SchemaField {
  type: SchemaType;
  args: readonly { name: string; defaultValue?: unknown }[];
}
export interface SchemaLike {
  getType(name: string): unknown;
  getQueryType(): unknown;
  getMutationType(): unknown;
  getSubscriptionType(): unknown;
}

const SIZE_ARGUMENTS = ["first", "last"];

interface SizedOperation {
  operation: OperationDefinitionNode;
  fragments: Map<string, FragmentDefinitionNode>;
}

/** The operation that will run (by name, or the only one), with every list size written out; null if there is none. */
export function withListSizes(
  schema: SchemaLike,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): SizedOperation | null {
  const operation = operationNamed(document, operationName);
  if (!operation) return null;

  const requestedSize = sizeReader(operation, variables);
  // Every platform list pages by at most MAX_PAGE_SIZE whatever is asked: price what comes back.
  const sizeOf = (argument: ArgumentNode | undefined, field: SchemaField, name: string) =>
    Math.min(Math.max(requestedSize(argument, field, name), 0), MAX_PAGE_SIZE);

  const sizeSelections = (selectionSet: SelectionSetNode, parent: SchemaType | undefined): SelectionSetNode => ({
    ...selectionSet,
    selections: selectionSet.selections.map((selection) => {
      if (selection.kind === Kind.FRAGMENT_SPREAD) return selection;
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? typeNamed(schema, selection.typeCondition.name.value) : parent;
        return { ...selection, selectionSet: sizeSelections(selection.selectionSet, type) };
      }
      if (!selection.selectionSet) return selection;
      const field = parent?.getFields?.()[selection.name.value];
      if (!field) return selection;
      const sizeName = SIZE_ARGUMENTS.find((name) => field.args.some((arg) => arg.name === name));
      let args = selection.arguments ?? [];
      if (sizeName) {
        const given = args.find((arg) => SIZE_ARGUMENTS.includes(arg.name.value));
        const name = given?.name.value ?? sizeName;
        const size: ArgumentNode = {
          kind: Kind.ARGUMENT,
          name: { kind: Kind.NAME, value: name },
          value: { kind: Kind.INT, value: String(Math.max(1, Math.trunc(sizeOf(given, field, name)))) },
        };
        // armor reads the first size argument it meets, so the written-out one goes first.
        args = [size, ...args.filter((arg) => !SIZE_ARGUMENTS.includes(arg.name.value))];
      }
      return { ...selection, arguments: args, selectionSet: sizeSelections(selection.selectionSet, namedType(field.type)) };
    }),
  });

  const rootType = rootTypeOf(schema, operation);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const type = typeNamed(schema, definition.typeCondition.name.value);
    fragments.set(definition.name.value, { ...definition, selectionSet: sizeSelections(definition.selectionSet, type) });
  }
  return { operation: { ...operation, selectionSet: sizeSelections(operation.selectionSet, rootType) }, fragments };
}

/**
 * The size a list argument will have when the resolver runs: the literal, the variable's value,
 * the variable's default, the argument's default in the schema, else MAX_PAGE_SIZE.
 */
export function sizeReader(operation: OperationDefinitionNode, variables: Record<string, unknown> | null | undefined) {
  const variableDefaults = new Map<string, number>();
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue?.kind === Kind.INT) variableDefaults.set(definition.variable.name.value, Number(definition.defaultValue.value));
  }
  return (argument: ArgumentNode | undefined, field: SchemaField, name: string): number => {
    if (argument?.value.kind === Kind.INT) return Number(argument.value.value);
    if (argument?.value.kind === Kind.VARIABLE) {
      const variable = argument.value.name.value;
      const given = variables?.[variable];
      if (typeof given === "number") return given;
      // An explicit null reaches the resolver as null, which pages by MAX_PAGE_SIZE.
      if (given === null) return MAX_PAGE_SIZE;
      const fallback = variableDefaults.get(variable);
      if (fallback !== undefined) return fallback;
    }
    const schemaDefault = field.args.find((arg) => arg.name === name)?.defaultValue;
    return typeof schemaDefault === "number" ? schemaDefault : MAX_PAGE_SIZE;
  };
}

/** The operation that will run: by name, or the only one. */
export function operationNamed(document: DocumentNode, operationName: string | null | undefined) {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((d) => d.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
}

/** The type an operation's top-level fields belong to: Query, Mutation or Subscription. */
export function rootTypeOf(schema: SchemaLike, operation: OperationDefinitionNode) {
  const root = operation.operation === "query" ? schema.getQueryType() : operation.operation === "mutation" ? schema.getMutationType() : schema.getSubscriptionType();
  return (root ?? undefined) as SchemaType | undefined;
}

export function typeNamed(schema: SchemaLike, name: string) {
  return (schema.getType(name) ?? undefined) as SchemaType | undefined;
}

/** `[Api!]!` → `Api`. */
export function namedType(type: SchemaType): SchemaType {
  let named = type;
  while (named.ofType) named = named.ofType;
  return named;
}
