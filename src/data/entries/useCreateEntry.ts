import { graphql } from "react-relay";
import { useMutate } from "../../relay/mutate";
import type { useCreateEntryMutation } from "../../__generated__/useCreateEntryMutation.graphql";

/** Creates an entry and puts it first in the grid's list (`connections`). */
export function useCreateEntry() {
  return useMutate<useCreateEntryMutation>(graphql`
    mutation useCreateEntryMutation($ofType: String!, $fields: String, $connections: String, $lists: [ID!]!) {
      createType(ofType: $ofType, fields: $fields, connections: $connections) @prependNode(connections: $lists, edgeTypeName: "TypeEdge") {
        id
        ofType
        fields
        connections
        createdAt
        updatedAt
      }
    }
  `);
}
