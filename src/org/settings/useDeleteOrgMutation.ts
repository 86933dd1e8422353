import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { DeleteOrgInput, useDeleteOrgMutation as DeleteOrgMutation } from "../../__generated__/useDeleteOrgMutation.graphql";
import { useMutate } from "../../relay/mutate";

/** deleteOrg with deleteBillingAccount, in one request; both records leave the store. */
export function useDeleteOrgMutation() {
  const [commit, inFlight] = useMutate<DeleteOrgMutation>(graphql`
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
    async (input: DeleteOrgInput) => {
      await commit({ input });
    },
    [commit],
  );
  return [remove, inFlight] as const;
}
