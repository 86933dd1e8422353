import { useEffect } from "react";
import { useSession } from "../session/sessionState";
import { switchOrg } from "../session/actions";

/**
 * On load, the current workspace switches to the project's own when it differs (spec §4) and
 * the user has a role there; without one the server has already refused the project.
 */
export function useProjectOrg(orgId: string) {
  const { activeOrgId, roles } = useSession();
  const hasRole = Boolean(roles[orgId]);
  useEffect(() => {
    if (activeOrgId !== orgId && hasRole) void switchOrg(orgId);
  }, [orgId, activeOrgId, hasRole]);
}
