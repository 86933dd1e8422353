import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { useSaveBillingAccountMutationCreateMutation as CreateMutation } from "../../__generated__/useSaveBillingAccountMutationCreateMutation.graphql";
import type { useSaveBillingAccountMutationUpdateMutation as UpdateMutation } from "../../__generated__/useSaveBillingAccountMutationUpdateMutation.graphql";
import { isPaymentCustomerId } from "../../domain/billing";
import { useMutate } from "../../relay/mutate";

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
  const [create, creating] = useMutate<CreateMutation>(graphql`
    mutation useSaveBillingAccountMutationCreateMutation($input: CreateBillingAccountInput!) {
      createBillingAccount(input: $input) {
        id
        ...BillingForm_billingAccount
      }
    }
  `);
  const [update, updating] = useMutate<UpdateMutation>(graphql`
    mutation useSaveBillingAccountMutationUpdateMutation($input: UpdateBillingAccountInput!) {
      updateBillingAccount(input: $input) {
        id
        ...BillingForm_billingAccount
      }
    }
  `);
  const save = useCallback(
    async (input: BillingInput) => {
      if (account?.id && isPaymentCustomerId(account.paymentProviderId)) {
        await update({ input: { id: account.id, ...input } });
        return;
      }
      await create(
        { input: { orgId, ...input } },
        {
          // A workspace created before createOrg made its account has none linked yet; no
          // directive links a single field, so this one updater does.
          updater: (store) => {
            const saved = store.getRootField("createBillingAccount");
            if (saved) store.get(orgId)?.setLinkedRecord(saved, "billingAccount");
          },
        },
      );
    },
    [account?.id, account?.paymentProviderId, create, orgId, update],
  );
  return [save, creating || updating] as const;
}
