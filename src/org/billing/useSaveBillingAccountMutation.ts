import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useSaveBillingAccountMutationCreateMutation as CreateMutation } from "../../__generated__/useSaveBillingAccountMutationCreateMutation.graphql";
import type { useSaveBillingAccountMutationUpdateMutation as UpdateMutation } from "../../__generated__/useSaveBillingAccountMutationUpdateMutation.graphql";
import { isPaymentCustomerId } from "../../domain/billing";

export interface BillingInput {
  name: string;
  billingEmail: string;
  billingAddress: string;
  vatId: string;
}

/**
 * Saves the billing details: an update when the account has an id and a payment provider
 * customer id, otherwise a create without id (spec §7).
 */
export function useSaveBillingAccountMutation(orgId: string, account: { id: string; paymentProviderId: string } | null | undefined) {
  const [create, creating] = useMutation<CreateMutation>(graphql`
    mutation useSaveBillingAccountMutationCreateMutation($input: CreateBillingAccountInput!) {
      createBillingAccount(input: $input) {
        id
        ...BillingForm_billingAccount
      }
    }
  `);
  const [update, updating] = useMutation<UpdateMutation>(graphql`
    mutation useSaveBillingAccountMutationUpdateMutation($input: UpdateBillingAccountInput!) {
      updateBillingAccount(input: $input) {
        id
        ...BillingForm_billingAccount
      }
    }
  `);
  const save = useCallback(
    (input: BillingInput) =>
      new Promise<void>((resolve, reject) => {
        if (account?.id && isPaymentCustomerId(account.paymentProviderId)) {
          update({ variables: { input: { id: account.id, ...input } }, onCompleted: () => resolve(), onError: reject });
          return;
        }
        create({
          variables: { input: { orgId, ...input } },
          updater: (store) => {
            const saved = store.getRootField("createBillingAccount");
            if (saved) store.get(orgId)?.setLinkedRecord(saved, "billingAccount");
          },
          onCompleted: () => resolve(),
          onError: reject,
        });
      }),
    [account?.id, account?.paymentProviderId, create, orgId, update],
  );
  return [save, creating || updating] as const;
}
