import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { useCreatePublishRunMutation as Mutation } from "../../__generated__/useCreatePublishRunMutation.graphql";
import { useMutate } from "../../relay/mutate";

/**
 * Spec §7's publish call: saves the schema (or, for a republish, an earlier version's) with
 * state PUBLISHING, creates the run and starts publishing. The project's fields in the answer
 * update the store, so every screen showing the project sees PUBLISHING at once, with the new run
 * as its latest.
 */
export function useCreatePublishRunMutation() {
  const [commit, busy] = useMutate<Mutation>(graphql`
    mutation useCreatePublishRunMutation($input: CreatePublishRunInput!) {
      createPublishRun(input: $input) {
        api {
          id
          state
          schema
          hasUnpublishedChanges
          latestPublishRun {
            id
            schemaVersion
            status
          }
        }
      }
    }
  `);
  const publish = useCallback(
    async (apiId: string, schema?: string, republish?: { version: number; confirmation: string }) => {
      await commit({ input: { apiId, schema, republishVersion: republish?.version, confirmation: republish?.confirmation } });
    },
    [commit],
  );
  return [publish, busy] as const;
}
