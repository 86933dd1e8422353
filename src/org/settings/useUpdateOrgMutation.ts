import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { UpdateOrgInput, useUpdateOrgMutation as UpdateOrgMutation } from "../../__generated__/useUpdateOrgMutation.graphql";
import { useMutate } from "../../relay/mutate";

/**
 * updateOrg: the workspace name, website and the data-processing record. The user menu reloads
 * the workspace list each time it opens, so it shows the new name.
 */
export function useUpdateOrgMutation() {
  const [commit, inFlight] = useMutate<UpdateOrgMutation>(graphql`
    mutation useUpdateOrgMutation($input: UpdateOrgInput!) {
      updateOrg(input: $input) {
        id
        name
        website
        dataProcessingCategories
      }
    }
  `);
  const update = useCallback(
    async (input: UpdateOrgInput) => {
      await commit({ input });
    },
    [commit],
  );
  return [update, inFlight] as const;
}
