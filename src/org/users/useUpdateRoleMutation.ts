import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { RoleType, useUpdateRoleMutation as UpdateRoleMutation } from "../../__generated__/useUpdateRoleMutation.graphql";

/** updateRole with a new type: the edit screen's save. */
export function useUpdateRoleMutation() {
  const [commit, inFlight] = useMutation<UpdateRoleMutation>(graphql`
    mutation useUpdateRoleMutation($input: UpdateRoleInput!) {
      updateRole(input: $input) {
        id
        type
        lastSignInAt
      }
    }
  `);
  const changeRole = useCallback(
    (id: string, type: RoleType) =>
      new Promise<void>((resolve, reject) =>
        commit({ variables: { input: { id, type } }, onCompleted: () => resolve(), onError: reject }),
      ),
    [commit],
  );
  return [changeRole, inFlight] as const;
}
