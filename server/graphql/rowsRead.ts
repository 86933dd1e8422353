import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";
import { LIST_MAX_LIMIT } from "../../src/domain/limits";
import { namedType, operationNamed, rootTypeOf, sizeReader, typeNamed, type SchemaLike, type SchemaType } from "./listSizes";

/** A list's size arguments, in the order the resolvers prefer them (a project's generic lists take `first ?? limit`). */
const SIZE_ARGUMENTS = ["first", "last", "limit"];

/**
 * The most rows one request may read. A flat list reads at most LIST_MAX_LIMIT (1,000); nested
 * lists multiply: `listAuthor(limit: 1000) { items { listBook(limit: 1000) … } }` would read a
 * million rows. graphql-armor's cost rule prices only `first`/`last`, and weighs each row by its
 * fields, which at any one limit either refuses a flat page of 1,000 wide rows or lets nested
 * lists through — so rows are counted on their own, on the platform's endpoint and every
 * project's alike. Two nested default pages (100 × 100) stay within.
 */
export const MAX_ROWS_READ = 20_000;

/**
 * The rows the operation may read: every list field counts its size times the sizes of the lists
 * it sits in, and the sizes are those the resolvers will see (literals, variables, defaults),
 * never more than LIST_MAX_LIMIT. Null when there is no such operation.
 */
export function rowsRead(schema: SchemaLike, document: DocumentNode, operationName?: string | null, variables?: Record<string, unknown> | null) {
  const operation = operationNamed(document, operationName);
  if (!operation) return null;
  const requestedSize = sizeReader(operation, variables);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }

  // The rows below a selection grow with the rows around it and nothing else, so a fragment is
  // counted once for one row around it and multiplied wherever it is spread: a fragment spread
  // many times (or a chain of fragments spreading each other) costs one walk, not one per spread.
  const fragmentRows = new Map<string, number>();
  const rowsOfFragment = (name: string): number => {
    const known = fragmentRows.get(name);
    if (known !== undefined) return known;
    // Validation refuses fragment cycles; this only keeps a broken document from looping.
    fragmentRows.set(name, 0);
    const fragment = fragments.get(name);
    const rows = fragment ? count(fragment.selectionSet, typeNamed(schema, fragment.typeCondition.name.value), 1) : 0;
    fragmentRows.set(name, rows);
    return rows;
  };

  const count = (selectionSet: SelectionSetNode, parent: SchemaType | undefined, around: number): number => {
    let rows = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        rows += around * rowsOfFragment(selection.name.value);
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? typeNamed(schema, selection.typeCondition.name.value) : parent;
        rows += count(selection.selectionSet, type, around);
        continue;
      }
      const field = parent?.getFields?.()[selection.name.value];
      if (!field || !selection.selectionSet) continue;
      const sizeName = SIZE_ARGUMENTS.find((name) => selection.arguments?.some((arg) => arg.name.value === name)) ??
        SIZE_ARGUMENTS.find((name) => field.args.some((arg) => arg.name === name));
      let within = around;
      if (sizeName) {
        const given = selection.arguments?.find((arg) => arg.name.value === sizeName);
        within = around * Math.min(Math.max(Math.trunc(requestedSize(given, field, sizeName)), 0), LIST_MAX_LIMIT);
        rows += within;
      }
      rows += count(selection.selectionSet, namedType(field.type), within);
    }
    return rows;
  };

  return count(operation.selectionSet, rootTypeOf(schema, operation), 1);
}
