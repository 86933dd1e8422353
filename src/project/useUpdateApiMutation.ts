import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { useUpdateApiMutation as UpdateApiMutation, UpdateApiInput } from "../__generated__/useUpdateApiMutation.graphql";
import { useMutate } from "../relay/mutate";

const updateApiMutation = graphql`
  mutation useUpdateApiMutation($input: UpdateApiInput!) {
    updateApi(input: $input) {
      id
      name
      schema
      defaultAuthMode
      additionalAuthModes
      oidc
      updatedAt
      # Saving the model changes what the publish widget says (unpublished changes): it follows
      # without a reload because the answer carries what the widget reads.
      ...PublishWidget_api
    }
  }
`;

/**
 * updateApi: every table, field, enum or connection edit saves the whole declaration (spec §4).
 * Resolves with the stored api; rejects with the server's ApiError (messageId of the broken rule).
 */
export function useUpdateApiMutation() {
  const [run, inFlight] = useMutate<UpdateApiMutation>(updateApiMutation);
  const update = useCallback(async (input: UpdateApiInput) => (await run({ input })).updateApi, [run]);
  return [update, inFlight] as const;
}
