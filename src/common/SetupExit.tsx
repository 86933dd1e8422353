import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { useSession } from "../session/sessionState";
import { useSignOut } from "../auth/useSignOut";
import { Button } from "../ui/Button";

/**
 * The way out of a setup screen, which has no top bar (no-nav layout): back to the workspace's
 * projects when there is a workspace to go back to, and always sign out.
 */
export function SetupExit() {
  // After a reload the roles are not asked for; the remembered workspace is trusted (DECISIONS.md).
  const backTo = useSession().activeOrgId;
  const signOut = useSignOut();
  return (
    <div className="setup-exit" data-testid="setup-exit">
      {backTo && (
        <Link to="/org/$orgId/apis" params={{ orgId: backTo }} data-testid="setup-back">
          <FormattedMessage id="setup.back" />
        </Link>
      )}
      <Button variant="link" onClick={() => void signOut()} data-testid="setup-sign-out">
        <FormattedMessage id="nav.logout" />
      </Button>
    </div>
  );
}
