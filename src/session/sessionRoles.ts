import { fetchQuery, graphql } from "relay-runtime";
import type { Environment } from "relay-runtime";
import { mutate } from "../relay/mutate";
import type { sessionRolesQuery, sessionRolesQuery$data } from "../__generated__/sessionRolesQuery.graphql";
import type { sessionRolesCreateUserMutation } from "../__generated__/sessionRolesCreateUserMutation.graphql";
import type { sessionRolesRecordSignInMutation } from "../__generated__/sessionRolesRecordSignInMutation.graphql";
import type { RoleInfo } from "./sessionState";

const rolesQuery = graphql`
  query sessionRolesQuery {
    viewer {
      id
      email
      roles(first: 100) {
        edges {
          node {
            id
            type
            orgId
            org {
              id
              name
            }
          }
        }
      }
    }
  }
`;

const createUserMutation = graphql`
  mutation sessionRolesCreateUserMutation($input: CreateUserInput!) {
    createUser(input: $input) {
      id
      email
    }
  }
`;

const recordSignInMutation = graphql`
  mutation sessionRolesRecordSignInMutation($input: UpdateRoleInput!) {
    updateRole(input: $input) {
      id
      lastSignInAt
    }
  }
`;

type Viewer = NonNullable<sessionRolesQuery$data["viewer"]>;

/** Roles of the signed-in user, keeping only those whose org still exists (spec §4). */
function toRoleMap(viewer: Viewer): Record<string, RoleInfo> {
  const roles: Record<string, RoleInfo> = {};
  for (const { node } of viewer.roles.edges) {
    if (!node.org || node.type === "NONE") continue;
    roles[node.orgId] = {
      id: node.id,
      orgId: node.orgId,
      orgName: node.org.name,
      type: node.type as RoleInfo["type"],
    };
  }
  return roles;
}

/**
 * Loads the roles; the user record is created first when it does not exist yet (the
 * confirm-code flow, or an account confirmed in another tab).
 */
export async function loadRoles(environment: Environment, identity: { sub: string; email: string }) {
  const fetchRoles = () => fetchQuery<sessionRolesQuery>(environment, rolesQuery, {}, { fetchPolicy: "network-only" }).toPromise();
  let data = await fetchRoles();
  if (!data?.viewer) {
    await mutate<sessionRolesCreateUserMutation>(environment, createUserMutation, {
      input: { id: identity.sub, email: identity.email },
    });
    data = await fetchRoles();
  }
  if (!data?.viewer) throw new Error("viewer missing in response");
  return { userId: data.viewer.id, roles: toRoleMap(data.viewer) };
}

export function recordSignIn(environment: Environment, roleId: string) {
  return mutate<sessionRolesRecordSignInMutation>(environment, recordSignInMutation, {
    input: { id: roleId, lastSignInAt: new Date().toISOString() },
  });
}
