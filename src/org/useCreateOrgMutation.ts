import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { useCreateOrgMutation as CreateOrgMutation } from "../__generated__/useCreateOrgMutation.graphql";
import { requireField } from "../relay/errors";
import { useMutate } from "../relay/mutate";

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
      billingAccount {
        id
      }
    }
  }
`;

/** createOrg: the workspace, the OWNER role and the billing account in one request (spec §7). */
export function useCreateOrgMutation() {
  const [commit, busy] = useMutate<CreateOrgMutation>(createOrg);
  const run = useCallback(
    async (name: string) => {
      const response = await commit({ input: { name } });
      return requireField<CreateOrgMutation["response"]["createOrg"]>(response, "createOrg").org;
    },
    [commit],
  );
  return [run, busy] as const;
}
