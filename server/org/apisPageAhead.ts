import { Kind, type GraphQLResolveInfo, type SelectionSetNode, type ValueNode } from "graphql";
import { keysetWindow } from "../graphql/connection";
import type { ApiListRow } from "../project/store";
import type { ApisPageWindow } from "./store";

/**
 * The page of projects the operation asks for under this `org` field (`apis(first:, after:)`,
 * through fragments too), so Query.org can read it in the same statement as the org and the
 * caller's role (issue 15: one round trip for the console's project list). Undefined when the
 * operation does not ask for projects or asks for two different pages; Org.apis then reads its
 * page itself.
 */
export function apisPageAhead(info: GraphQLResolveInfo): ApisPageWindow | undefined {
  const windows = new Map<string, ApisPageWindow>();
  const visit = (selectionSet: SelectionSetNode | undefined, seen: Set<string>) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD && selection.name.value === "apis") {
        const args = Object.fromEntries((selection.arguments ?? []).map((arg) => [arg.name.value, valueOf(arg.value, info.variableValues)]));
        const window = keysetWindowOrNull({ first: args.first, after: args.after });
        if (!window) return false;
        windows.set(`${window.limit}:${window.afterId}`, window);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (visit(selection.selectionSet, seen) === false) return false;
      } else if (selection.kind === Kind.FRAGMENT_SPREAD && !seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        if (visit(info.fragments[selection.name.value]?.selectionSet, seen) === false) return false;
      }
    }
    return true;
  };
  for (const node of info.fieldNodes) if (visit(node.selectionSet, new Set()) === false) return undefined;
  return windows.size === 1 ? [...windows.values()][0] : undefined;
}

/** A literal or a variable's value; anything else (an object, a list) is no page argument. */
function valueOf(value: ValueNode, variables: Record<string, unknown>): unknown {
  switch (value.kind) {
    case Kind.VARIABLE:
      return variables[value.name.value];
    case Kind.INT:
      return Number(value.value);
    case Kind.STRING:
      return value.value;
    case Kind.NULL:
      return null;
    default:
      return undefined;
  }
}

/** The window Org.apis would read, or null for arguments it would not take (it refuses or reads them itself). */
function keysetWindowOrNull(args: { first: unknown; after: unknown }): ApisPageWindow | null {
  const first = args.first ?? null;
  const after = args.after ?? null;
  if ((first !== null && !Number.isInteger(first)) || (after !== null && typeof after !== "string")) return null;
  return keysetWindow({ first: first as number | null, after: after as string | null });
}

/** Pages read along with their org, by the org object Query.org returned, for Org.apis to take. */
const pagesReadAhead = new WeakMap<object, { window: ApisPageWindow; rows: ApiListRow[] }>();

export function keepApisPageReadAhead(org: object, page: { window: ApisPageWindow; rows: ApiListRow[] } | undefined) {
  if (page) pagesReadAhead.set(org, page);
}

/** The rows read ahead for exactly this window, or undefined. */
export function apisPageReadAhead(org: object, window: ApisPageWindow): ApiListRow[] | undefined {
  const page = pagesReadAhead.get(org);
  return page && page.window.limit === window.limit && page.window.afterId === window.afterId ? page.rows : undefined;
}
