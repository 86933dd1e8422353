import { graphql } from "react-relay/hooks";
import { useMutate } from "../../relay/mutate";
import type { useDeleteEntriesMutation } from "../../__generated__/useDeleteEntriesMutation.graphql";
import type { useDeleteEntriesByFilterMutation } from "../../__generated__/useDeleteEntriesByFilterMutation.graphql";

/** Deletes the given entries (at most a batch) and drops them from every list. */
export function useDeleteEntries() {
  return useMutate<useDeleteEntriesMutation>(graphql`
    mutation useDeleteEntriesMutation($ofType: String!, $items: [TypeKeyInput!]!) {
      batchDeleteType(ofType: $ofType, items: $items) {
        id @deleteRecord
      }
    }
  `);
}

/**
 * Deletes every entry the filter matches (all without one) in one request; the server works in
 * chunks and announces each under `deletionId` (useDeletionProgress).
 */
export function useDeleteEntriesByFilter() {
  return useMutate<useDeleteEntriesByFilterMutation>(graphql`
    mutation useDeleteEntriesByFilterMutation($ofType: String!, $filter: String, $deletionId: ID!) {
      deleteTypes(ofType: $ofType, filter: $filter, deletionId: $deletionId) {
        deletedCount
      }
    }
  `);
}
