import { useMemo } from "react";
import { fetchQuery, graphql, useRelayEnvironment, useSubscription } from "react-relay/hooks";
import { useNavigate } from "@tanstack/react-router";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { OrgRoleUpdatesSubscription } from "../__generated__/OrgRoleUpdatesSubscription.graphql";
import orgLayoutQuery, { type OrgLayoutQuery } from "../__generated__/OrgLayoutQuery.graphql";
import { getSession } from "../session/sessionState";
import { establishRoles } from "../session/actions";
import { homeOf } from "../router/guards";
import { membersConnectionId } from "./users/membersConnection";

const roleChanges = graphql`
  subscription OrgRoleUpdatesSubscription($orgId: ID!, $connections: [ID!]!) {
    onRoleChangedInOrg(orgId: $orgId) {
      change
      orgId
      role {
        id
        type
        userEmail
        ...MemberRow_role
        org {
          id
          memberCount
        }
      }
      createdRole @appendNode(connections: $connections, edgeTypeName: "RoleEdge") {
        id
      }
      deletedRoleId @deleteEdge(connections: $connections)
    }
  }
`;

type RoleEvent = OrgRoleUpdatesSubscription["response"]["onRoleChangedInOrg"];

/**
 * Keeps every org page in step with the workspace's roles: the members table gains and loses
 * rows (the event's createdRole and deletedRoleId carry the edge directives), and when the change is the viewer's own role, the org layout's query is asked again so
 * the server's viewerCan… answers (and with them every button) follow at once; a removed member
 * is taken to another workspace.
 */
export default function OrgRoleUpdates({ orgId }: { orgId: string }) {
  const navigate = useNavigate();
  const environment = useRelayEnvironment();

  const config = useMemo<GraphQLSubscriptionConfig<OrgRoleUpdatesSubscription>>(
    () => ({
      subscription: roleChanges,
      variables: { orgId, connections: [membersConnectionId(orgId)] },
      onNext: (data) => {
        const event = data?.onRoleChangedInOrg;
        if (!event || !isOwnRole(event)) return;
        if (event.change === "DELETED") void establishRoles().then(() => navigate({ to: homeOf(getSession()) }));
        else fetchQuery<OrgLayoutQuery>(environment, orgLayoutQuery, { orgId: event.orgId }, { fetchPolicy: "network-only" }).subscribe({});
      },
      // Losing the socket only stops live updates; the page itself still works.
      onError: () => undefined,
    }),
    [orgId, navigate, environment],
  );
  useSubscription<OrgRoleUpdatesSubscription>(config);
  return null;
}

const isOwnRole = (event: RoleEvent) => event.role.userEmail === getSession().email?.toLowerCase();
