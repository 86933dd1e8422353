import { useEffect } from "react";
import { graphql, useFragment } from "react-relay";
import { useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { ProjectHeader_api$key } from "../__generated__/ProjectHeader_api.graphql";
import type { ProjectHeader_viewer$key } from "../__generated__/ProjectHeader_viewer.graphql";
import { statusLabel } from "../domain/apiState";
import { regionName } from "../domain/regions";
import { Menu, MenuItem } from "../ui/Menu";
import { publishProjectNav } from "./projectNav";
import { useProjectOrg } from "./useProjectOrg";
import "./ProjectHeader.css";

/**
 * The top of every project screen: the nav dropdown (name, status, region, default auth mode);
 * the layout's ProjectSidebar shows the mobile breadcrumb. It also publishes what the
 * sidebar's visibility rules need and switches to the project's workspace.
 */
export function ProjectHeader(props: { api: ProjectHeader_api$key; viewer: ProjectHeader_viewer$key | null | undefined }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const api = useFragment(
    graphql`
      fragment ProjectHeader_api on Api {
        id
        orgId
        name
        state
        region
        creationType
        defaultAuthMode
      }
    `,
    props.api,
  );
  const viewer = useFragment(
    graphql`
      fragment ProjectHeader_viewer on User {
        featureFlags
        isSuperuser
      }
    `,
    props.viewer,
  );
  useProjectOrg(api.orgId);
  useEffect(() => {
    publishProjectNav({
      apiId: api.id,
      orgId: api.orgId,
      name: api.name,
      state: api.state,
      creationType: api.creationType,
      featureFlags: viewer?.featureFlags ?? [],
      isSuperuser: viewer?.isSuperuser ?? false,
    });
  }, [api.id, api.orgId, api.name, api.state, api.creationType, viewer?.featureFlags, viewer?.isSuperuser]);

  const label = statusLabel(api.state);
  const status = intl.formatMessage({ id: `org.dashboard.status.${label}` });
  const authMode = intl.formatMessage({ id: `project.authMode.${api.defaultAuthMode}` });

  return (
    <header className="project-header" data-testid="project-header">
      <div className="project-header-bar">
        <Menu
          testId="project-nav-dropdown"
          buttonClassName="btn project-nav-button"
          ariaLabel={intl.formatMessage({ id: "project.header.menu" }, { name: api.name })}
          label={
            <>
              <span className="project-header-name">{api.name}</span>
              <span aria-hidden="true">▾</span>
            </>
          }
        >
          <dl className="project-header-facts" role="presentation">
            <dt>
              <FormattedMessage id="project.header.status" />
            </dt>
            <dd data-testid="project-header-status">{status}</dd>
            <dt>
              <FormattedMessage id="project.header.region" />
            </dt>
            <dd data-testid="project-header-region">{regionName(api.region)}</dd>
            <dt>
              <FormattedMessage id="project.header.authMode" />
            </dt>
            <dd data-testid="project-header-auth">{authMode}</dd>
          </dl>
          <MenuItem onSelect={() => void navigate({ to: "/org/$orgId/apis", params: { orgId: api.orgId } })}>
            <FormattedMessage id="project.header.allProjects" />
          </MenuItem>
        </Menu>
        <span className="project-status-pill" data-status={label} data-testid="project-status">
          {status}
        </span>
      </div>
    </header>
  );
}
