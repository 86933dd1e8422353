import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { DeleteOrgInput, useDeleteOrgMutation as DeleteOrgMutation } from "../../__generated__/useDeleteOrgMutation.graphql";

/** deleteOrg with deleteBillingAccount, in one request. */
export function useDeleteOrgMutation() {
  const [commit, inFlight] = useMutation<DeleteOrgMutation>(graphql`
    mutation useDeleteOrgMutation($input: DeleteOrgInput!) {
      deleteOrg(input: $input) {
        org {
          id @deleteRecord
        }
        deleteBillingAccount {
          id @deleteRecord
          paymentProviderId
        }
      }
    }
  `);
  const remove = useCallback(
    (input: DeleteOrgInput) =>
      new Promise<void>((resolve, reject) =>
        commit({ variables: { input }, onCompleted: () => resolve(), onError: reject }),
      ),
    [commit],
  );
  return [remove, inFlight] as const;
}
