import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useUpdateApiMutation as UpdateApiMutation, UpdateApiInput } from "../__generated__/useUpdateApiMutation.graphql";

/**
 * updateApi: every table, field, enum or connection edit saves the whole declaration (spec §4).
 * Resolves with the stored api; rejects with the server's ApiError (messageId of the broken rule).
 */
export function useUpdateApiMutation() {
  const [commit, inFlight] = useMutation<UpdateApiMutation>(graphql`
    mutation useUpdateApiMutation($input: UpdateApiInput!) {
      updateApi(input: $input) {
        id
        name
        schema
        defaultAuthMode
        additionalAuthModes
        oidc
        updatedAt
      }
    }
  `);
  const update = useCallback(
    (input: UpdateApiInput) =>
      new Promise<UpdateApiMutation["response"]["updateApi"]>((resolve, reject) =>
        commit({ variables: { input }, onCompleted: (response) => resolve(response.updateApi), onError: reject }),
      ),
    [commit],
  );
  return [update, inFlight] as const;
}
