import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { RoleType, useUpdateRoleMutation as UpdateRoleMutation } from "../../__generated__/useUpdateRoleMutation.graphql";
import { useMutate } from "../../relay/mutate";

/** updateRole with a new type: the edit screen's save. */
export function useUpdateRoleMutation() {
  const [commit, inFlight] = useMutate<UpdateRoleMutation>(graphql`
    mutation useUpdateRoleMutation($input: UpdateRoleInput!) {
      updateRole(input: $input) {
        id
        type
        lastSignInAt
      }
    }
  `);
  const changeRole = useCallback(
    async (id: string, type: RoleType) => {
      await commit({ input: { id, type } });
    },
    [commit],
  );
  return [changeRole, inFlight] as const;
}
