import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { UpdateOrgInput, useUpdateOrgMutation as UpdateOrgMutation } from "../../__generated__/useUpdateOrgMutation.graphql";
import { getSession, updateSession } from "../../session/sessionState";

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
          onCompleted: ({ updateOrg }) => {
            // The workspace list in the user menu shows the new name too.
            const { roles } = getSession();
            const role = roles[updateOrg.id];
            if (role) updateSession({ roles: { ...roles, [updateOrg.id]: { ...role, orgName: updateOrg.name } } });
            resolve();
          },
          onError: reject,
        }),
      ),
    [commit],
  );
  return [update, inFlight] as const;
}
