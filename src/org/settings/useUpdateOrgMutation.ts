import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { UpdateOrgInput, useUpdateOrgMutation as UpdateOrgMutation } from "../../__generated__/useUpdateOrgMutation.graphql";

/** updateOrg: the workspace name, website and the data-processing record. */
export function useUpdateOrgMutation() {
  const [commit, inFlight] = useMutation<UpdateOrgMutation>(graphql`
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
    (input: UpdateOrgInput) =>
      new Promise<void>((resolve, reject) =>
        commit({
          variables: { input },
          // The user menu reloads the workspace list each time it opens, so it shows the new name.
          onCompleted: () => resolve(),
          onError: reject,
        }),
      ),
    [commit],
  );
  return [update, inFlight] as const;
}
