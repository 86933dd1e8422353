import { useCallback } from "react";
import { graphql } from "react-relay/hooks";
import type { CreateRoleInput, useCreateRoleMutation as CreateRoleMutation } from "../../__generated__/useCreateRoleMutation.graphql";
import { useMutate } from "../../relay/mutate";
import { membersConnectionId } from "./membersConnection";

/** createRole: the invitation; the new member joins the table (and its count) when the server confirms. */
export function useCreateRoleMutation() {
  const [commit, inFlight] = useMutate<CreateRoleMutation>(graphql`
    mutation useCreateRoleMutation($input: CreateRoleInput!, $connections: [ID!]!) {
      createRole(input: $input) {
        role @appendNode(connections: $connections, edgeTypeName: "RoleEdge") {
          id
          ...MemberRow_role
          org {
            id
            memberCount
          }
        }
      }
    }
  `);
  const invite = useCallback(
    async (input: CreateRoleInput) => {
      await commit({ input, connections: [membersConnectionId(input.orgId)] });
    },
    [commit],
  );
  return [invite, inFlight] as const;
}
