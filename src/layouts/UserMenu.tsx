import { useEffect } from "react";
import { useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { Menu, MenuHeading, MenuItem, MenuSeparator } from "../ui/Menu";
import { useSession } from "../session/sessionState";
import { refreshRoles, signOut, switchOrg } from "../session/actions";
import { ThemeMenuItems } from "./ThemeMenuItems";
import { Truncated } from "../ui/Truncated";

/** The menu's items are mounted when it opens: the workspace list is fetched then, fresh. */
function RefreshWorkspaces() {
  useEffect(() => {
    void refreshRoles().catch(() => undefined);
  }, []);
  return null;
}

/** Workspaces, create workspace, account settings, theme and log out. */
export function UserMenu() {
  const intl = useIntl();
  const session = useSession();
  const navigate = useNavigate();
  const roles = Object.values(session.roles);
  return (
    <Menu label={<Truncated text={session.email ?? ""} />} ariaLabel={intl.formatMessage({ id: "nav.userMenu" }, { email: session.email })} testId="user-menu" buttonClassName="btn btn-link user-menu-button">
      <RefreshWorkspaces />
      {roles.length > 0 && (
        <MenuHeading>
          <FormattedMessage id="nav.workspaces" />
        </MenuHeading>
      )}
      {roles.map((role) => (
        <MenuItem
          key={role.orgId}
          checked={role.orgId === session.activeOrgId}
          onSelect={() =>
            void switchOrg(role.orgId).then(() => navigate({ to: "/org/$orgId/apis", params: { orgId: role.orgId } }))
          }
        >
          <Truncated text={role.orgName || intl.formatMessage({ id: "org.dashboard.defaultName" })} />
        </MenuItem>
      ))}
      <MenuItem onSelect={() => void navigate({ to: "/workspace-setup" })} testId="create-workspace">
        <FormattedMessage id="nav.createWorkspace" />
      </MenuItem>
      <MenuSeparator />
      <MenuItem onSelect={() => void navigate({ to: "/account/settings" })}>
        <FormattedMessage id="nav.accountSettings" />
      </MenuItem>
      <ThemeMenuItems />
      <MenuSeparator />
      <MenuItem
        testId="sign-out"
        onSelect={() => void signOut().then(() => navigate({ to: "/login" }))}
      >
        <FormattedMessage id="nav.logout" />
      </MenuItem>
    </Menu>
  );
}
