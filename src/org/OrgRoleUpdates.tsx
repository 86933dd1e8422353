import { useEffect, useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import { useNavigate, useParams } from "@tanstack/react-router";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { OrgRoleUpdatesSubscription } from "../__generated__/OrgRoleUpdatesSubscription.graphql";
import { getSession, updateSession, useSession } from "../session/sessionState";
import { establishRoles, switchOrg } from "../session/actions";
import { homeOf } from "../router/guards";
import type { Permission, RoleType } from "../domain/permissions";
import { addMember, removeMember } from "./users/membersStore";

const roleChanges = graphql`
  subscription OrgRoleUpdatesSubscription($orgId: ID!) {
    onRoleChangedInOrg(orgId: $orgId) {
      change
      orgId
      role {
        id
        type
        userEmail
        permissionConnection {
          items {
            type
            roleType
            entity
            actions
          }
        }
        ...MemberRow_role
      }
    }
  }
`;

type RoleEvent = OrgRoleUpdatesSubscription["response"]["onRoleChangedInOrg"];

/**
 * Keeps every org page in step with the workspace's roles: the members table gains and loses
 * rows, and when the change is the viewer's own role, their permissions (and with them every
 * button) follow at once; a removed member is taken to another workspace.
 */
export default function OrgRoleUpdates() {
  const { orgId } = useParams({ strict: false }) as { orgId?: string };
  return orgId ? <RoleUpdatesOf orgId={orgId} /> : null;
}

function RoleUpdatesOf({ orgId }: { orgId: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const hasRole = Boolean(session.roles[orgId]);

  // Opening another workspace's page makes it the active one (and records the sign-in there).
  useEffect(() => {
    if (hasRole && getSession().activeOrgId !== orgId) void switchOrg(orgId);
  }, [orgId, hasRole]);

  const config = useMemo<GraphQLSubscriptionConfig<OrgRoleUpdatesSubscription>>(
    () => ({
      subscription: roleChanges,
      variables: { orgId },
      updater: (store, data) => {
        const event = data?.onRoleChangedInOrg;
        if (!event) return;
        if (event.change === "CREATED") {
          const role = store.get(event.role.id);
          if (role) addMember(store, event.orgId, role);
        } else if (event.change === "DELETED") {
          removeMember(store, event.orgId, event.role.id);
        }
      },
      onNext: (data) => {
        if (data?.onRoleChangedInOrg) followOwnRole(data.onRoleChangedInOrg, () => void navigate({ to: homeOf(getSession()) }));
      },
      // Losing the socket only stops live updates; the page itself still works.
      onError: () => undefined,
    }),
    [orgId, navigate],
  );
  useSubscription<OrgRoleUpdatesSubscription>(config);
  return null;
}

function followOwnRole(event: RoleEvent, leave: () => void) {
  const session = getSession();
  if (event.role.userEmail !== session.email?.toLowerCase()) return;
  if (event.change === "DELETED") {
    void establishRoles().then(leave);
    return;
  }
  const current = session.roles[event.orgId];
  if (!current) return;
  updateSession({
    roles: {
      ...session.roles,
      [event.orgId]: { ...current, type: event.role.type as RoleType, permissions: event.role.permissionConnection.items as Permission[] },
    },
  });
}
