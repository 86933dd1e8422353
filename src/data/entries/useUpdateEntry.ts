import { graphql } from "react-relay/hooks";
import { useMutate } from "../../relay/mutate";
import type { useUpdateEntryMutation } from "../../__generated__/useUpdateEntryMutation.graphql";

/**
 * Writes changed values of one entry, only if nobody wrote it since it was shown
 * (expectedUpdatedAt; the server answers CONFLICT otherwise). The store updates the entry by id.
 */
export function useUpdateEntry() {
  return useMutate<useUpdateEntryMutation>(graphql`
    mutation useUpdateEntryMutation($id: ID!, $ofType: String!, $fields: String!, $expectedUpdatedAt: String) {
      updateType(id: $id, ofType: $ofType, fields: $fields, expectedUpdatedAt: $expectedUpdatedAt) {
        id
        fields
        connections
        updatedAt
      }
    }
  `);
}
