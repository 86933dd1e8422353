import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { CreateRoleInput, useCreateRoleMutation as CreateRoleMutation } from "../../__generated__/useCreateRoleMutation.graphql";
import { addMember } from "./membersStore";

/** createRole: the invitation; the new member joins the table as soon as the server confirms. */
export function useCreateRoleMutation() {
  const [commit, inFlight] = useMutation<CreateRoleMutation>(graphql`
    mutation useCreateRoleMutation($input: CreateRoleInput!) {
      createRole(input: $input) {
        role {
          id
          orgId
          ...MemberRow_role
        }
      }
    }
  `);
  const invite = useCallback(
    (input: CreateRoleInput) =>
      new Promise<void>((resolve, reject) =>
        commit({
          variables: { input },
          updater: (store, data) => {
            const created = data?.createRole.role;
            const record = created && store.get(created.id);
            if (created && record) addMember(store, created.orgId, record);
          },
          onCompleted: () => resolve(),
          onError: reject,
        }),
      ),
    [commit],
  );
  return [invite, inFlight] as const;
}
