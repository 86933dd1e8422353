import { graphql } from "react-relay/hooks";
import { requiredFlags, type ObjectType } from "../../domain/model";
import { useMutate } from "../../relay/mutate";
import type { useLinkRecordMutation } from "../../__generated__/useLinkRecordMutation.graphql";

const linkMutation = graphql`
  mutation useLinkRecordMutation($id: ID!, $ofType: String!, $fields: String, $connections: String!) {
    updateType(id: $id, ofType: $ofType, fields: $fields, connections: $connections) {
      id
      connections
      updatedAt
    }
  }
`;

/**
 * Links a record to a parent, or unlinks it (parent null): an update of the child's parent link.
 * An update carries the table's mandatory update keys (spec §5), so their saved values go along.
 */
export function useLinkRecord() {
  const [run, busy] = useMutate<useLinkRecordMutation>(linkMutation);
  const link = (child: { id: string; table: ObjectType; fields: string }, linkField: string, parentId: string | null) => {
    const saved = JSON.parse(child.fields || "{}") as Record<string, unknown>;
    const mandatory = Object.fromEntries(child.table.fields.filter((field) => requiredFlags(field).requiredOnUpdate).map((field) => [field.name, saved[field.name] ?? null]));
    return run({
      id: child.id,
      ofType: child.table.name,
      fields: Object.keys(mandatory).length ? JSON.stringify(mandatory) : null,
      connections: JSON.stringify({ [linkField]: parentId }),
    });
  };
  return [link, busy] as const;
}
