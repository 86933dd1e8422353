import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useDeleteRoleMutation as DeleteRoleMutation } from "../../__generated__/useDeleteRoleMutation.graphql";
import { removeMember } from "./membersStore";

/** deleteRole for one member; the row leaves the table when the server confirms. */
export function useDeleteRoleMutation(orgId: string) {
  const [commit, inFlight] = useMutation<DeleteRoleMutation>(graphql`
    mutation useDeleteRoleMutation($input: DeleteRoleInput!) {
      deleteRole(input: $input) {
        id
        userEmail
        orgId
      }
    }
  `);
  const remove = useCallback(
    (id: string) =>
      new Promise<DeleteRoleMutation["response"]["deleteRole"]>((resolve, reject) =>
        commit({
          variables: { input: { id } },
          updater: (store, data) => {
            if (data?.deleteRole) removeMember(store, orgId, data.deleteRole.id);
          },
          onCompleted: (response) => resolve(response.deleteRole),
          onError: reject,
        }),
      ),
    [commit, orgId],
  );
  return [remove, inFlight] as const;
}
