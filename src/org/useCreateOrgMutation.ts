import { useCallback, useState } from "react";
import { commitMutation, graphql, useRelayEnvironment } from "react-relay";
import type { useCreateOrgMutation as CreateOrgMutation } from "../__generated__/useCreateOrgMutation.graphql";
import type { useCreateOrgMutationBillingMutation } from "../__generated__/useCreateOrgMutationBillingMutation.graphql";
import { requireField } from "../relay/errors";

const createOrg = graphql`
  mutation useCreateOrgMutation($input: CreateOrgInput!) {
    createOrg(input: $input) {
      org {
        id
        name
      }
      role {
        id
        type
      }
    }
  }
`;

const upsertBillingAccount = graphql`
  mutation useCreateOrgMutationBillingMutation($input: UpsertBillingAccountInput!) {
    upsertBillingAccount(input: $input) {
      id
    }
  }
`;

/**
 * createOrg (with the OWNER role, one request), then the billing account upserted with the
 * workspace name, the user's email and an empty payment provider id (spec §7).
 */
export function useCreateOrgMutation() {
  const environment = useRelayEnvironment();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (name: string, billingEmail: string) => {
      setBusy(true);
      try {
        const response = await new Promise<CreateOrgMutation["response"]>((resolve, reject) =>
          commitMutation<CreateOrgMutation>(environment, {
            mutation: createOrg,
            variables: { input: { name } },
            onCompleted: resolve,
            onError: reject,
          }),
        );
        const { org } = requireField<CreateOrgMutation["response"]["createOrg"]>(response, "createOrg");
        await new Promise((resolve, reject) =>
          commitMutation<useCreateOrgMutationBillingMutation>(environment, {
            mutation: upsertBillingAccount,
            variables: { input: { orgId: org.id, name: org.name, billingEmail, paymentProviderId: "" } },
            onCompleted: resolve,
            onError: reject,
          }),
        );
        return org;
      } finally {
        setBusy(false);
      }
    },
    [environment],
  );
  return [run, busy] as const;
}
