import { useSession } from "../session/sessionState";
import type { Permission } from "../domain/permissions";

const NONE: Permission[] = [];

/**
 * The signed-in user's permissions in a workspace, from their role there. The role follows
 * changes live (OrgRoleUpdates), so screens that read it re-render when an owner changes it.
 */
export function useOrgPermissions(orgId: string): Permission[] {
  const session = useSession();
  return session.roles[orgId]?.permissions ?? NONE;
}
