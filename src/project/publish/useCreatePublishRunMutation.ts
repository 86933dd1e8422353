import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useCreatePublishRunMutation as Mutation } from "../../__generated__/useCreatePublishRunMutation.graphql";

/**
 * Spec §7's publish call: saves the schema (or, for a republish, an earlier version's) with
 * state PUBLISHING, creates the run and starts publishing. The project's fields in the answer update the store, so every screen showing the
 * project sees PUBLISHING at once, with the new run as its latest.
 */
export function useCreatePublishRunMutation() {
  const [commit, busy] = useMutation<Mutation>(graphql`
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
    (apiId: string, schema?: string, republish?: { version: number; confirmation: string }) =>
      new Promise<void>((resolve, reject) =>
        commit({
          variables: { input: { apiId, schema, republishVersion: republish?.version, confirmation: republish?.confirmation } },
          onCompleted: (_response, errors) => (errors?.length ? reject(errors[0]) : resolve()),
          onError: reject,
        }),
      ),
    [commit],
  );
  return [publish, busy] as const;
}
