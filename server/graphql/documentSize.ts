import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from "graphql";
import { MAX_INPUT_DEPTH } from "../../src/domain/limits";
import { inputTooDeep } from "../security/inputShape";
import { refuse } from "../graphqlKit/errors";

/**
 * The most selections (fields, inline fragments, spreads) any operation or fragment of a
 * document may have once every fragment spread is written out. A spread costs a few characters
 * but stands for its whole fragment, so a chain of fragments that each spread the previous one
 * twice grows to 2^n selections in a few hundred bytes; a check that walks every spread (graphql's
 * validation, the cost and rows-read counts) would then run for minutes. The console's largest
 * operation has a few dozen selections, and a query within the token limit written without
 * fragments stays below this (tests/server/security/console-within-limits.test.ts).
 */
export const MAX_EXPANDED_SELECTIONS = 2_000;

/**
 * How often one response name (a field's alias or name) may appear in one selection set, inline
 * fragments included. graphql's validation compares every two fields of the same name with each
 * other (OverlappingFieldsCanBeMerged), so a few hundred `viewer { id }` in one query cost a
 * third of a second each time; the console never repeats a field, Relay merges them.
 */
export const MAX_SAME_NAME_FIELDS = 10;

/**
 * The refusal for a document too large once its fragments are written out, that repeats a field
 * more than MAX_SAME_NAME_FIELDS times in one place, or whose literal input values nest deeper
 * than MAX_INPUT_DEPTH; null when it is within these. One pass over the
 * document: each fragment's written-out size is counted once and reused wherever it is spread.
 */
export function documentSizeRefusal(document: DocumentNode) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fragmentSizes = new Map<string, number>();
  let deepestLiteral = 0;
  let mostRepeated = 0;

  // Stops counting once over the limit, so the sums stay small whatever the fan-out.
  // `names` counts the response names of the fields that merge into one result object: an
  // inline fragment's fields count with those around it.
  const sizeOf = (selectionSet: SelectionSetNode, names = new Map<string, number>()): number => {
    let size = 0;
    for (const selection of selectionSet.selections) {
      size += 1;
      if (selection.kind === Kind.FIELD) {
        const name = (selection.alias ?? selection.name).value;
        const seen = (names.get(name) ?? 0) + 1;
        names.set(name, seen);
        mostRepeated = Math.max(mostRepeated, seen);
      }
      for (const argument of selection.kind === Kind.FIELD ? (selection.arguments ?? []) : []) {
        deepestLiteral = Math.max(deepestLiteral, valueDepth(argument.value));
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) size += fragmentSize(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) size += sizeOf(selection.selectionSet, names);
      else if (selection.selectionSet) size += sizeOf(selection.selectionSet);
      if (size > MAX_EXPANDED_SELECTIONS) return size;
    }
    return size;
  };
  const fragmentSize = (name: string): number => {
    const known = fragmentSizes.get(name);
    if (known !== undefined) return known;
    // A fragment that spreads itself counts nothing more here; validation refuses the cycle.
    fragmentSizes.set(name, 0);
    const fragment = fragments.get(name);
    const size = fragment ? sizeOf(fragment.selectionSet) : 0;
    fragmentSizes.set(name, size);
    return size;
  };

  let largest = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      largest = Math.max(largest, sizeOf(definition.selectionSet));
      for (const variable of definition.variableDefinitions ?? []) {
        if (variable.defaultValue) deepestLiteral = Math.max(deepestLiteral, valueDepth(variable.defaultValue));
      }
    } else if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      largest = Math.max(largest, fragmentSize(definition.name.value));
    }
    if (mostRepeated > MAX_SAME_NAME_FIELDS) {
      return refuse(
        "BAD_USER_INPUT",
        "error_query_limit",
        `This query asks for one field more than ${MAX_SAME_NAME_FIELDS} times in one place; ask for each field once (with aliases for different arguments).`,
        { max: MAX_SAME_NAME_FIELDS, http: { status: 400 } },
      );
    }
    if (largest > MAX_EXPANDED_SELECTIONS) {
      return refuse(
        "BAD_USER_INPUT",
        "error_query_limit",
        `This query has more than ${MAX_EXPANDED_SELECTIONS} fields once its fragments are written out; ask for fewer fields or spread fragments less often.`,
        { max: MAX_EXPANDED_SELECTIONS, http: { status: 400 } },
      );
    }
  }
  return deepestLiteral > MAX_INPUT_DEPTH ? inputTooDeep() : null;
}

/** How deeply a literal input value nests (a list or object is one level), without recursion. */
function valueDepth(root: ValueNode): number {
  let deepest = 0;
  const pending: [ValueNode, number][] = [[root, 0]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (value.kind === Kind.LIST) {
      deepest = Math.max(deepest, depth + 1);
      for (const item of value.values) pending.push([item, depth + 1]);
    } else if (value.kind === Kind.OBJECT) {
      deepest = Math.max(deepest, depth + 1);
      for (const field of value.fields) pending.push([field.value, depth + 1]);
    }
  }
  return deepest;
}
