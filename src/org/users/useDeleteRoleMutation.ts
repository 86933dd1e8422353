import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { useDeleteRoleMutation as DeleteRoleMutation } from "../../__generated__/useDeleteRoleMutation.graphql";
import { useMutate } from "../../relay/mutate";
import { membersConnectionId } from "./membersConnection";

/** deleteRole for one member; the row leaves the table (and its count) when the server confirms. */
export function useDeleteRoleMutation(orgId: string) {
  const [commit, inFlight] = useMutate<DeleteRoleMutation>(graphql`
    mutation useDeleteRoleMutation($input: DeleteRoleInput!, $connections: [ID!]!) {
      deleteRole(input: $input) {
        id @deleteEdge(connections: $connections)
        userEmail
        orgId
        org {
          id
          memberCount
        }
      }
    }
  `);
  const remove = useCallback(
    async (id: string) => (await commit({ input: { id }, connections: [membersConnectionId(orgId)] })).deleteRole,
    [commit, orgId],
  );
  return [remove, inFlight] as const;
}
