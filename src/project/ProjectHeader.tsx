import { graphql, useFragment } from "react-relay/hooks";
import { useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { ProjectHeader_api$key } from "../__generated__/ProjectHeader_api.graphql";
import { statusLabel } from "../domain/apiState";
import { regionName } from "../domain/regions";
import { Menu, MenuItem } from "../ui/Menu";
import { PublishWidget } from "./publish/PublishWidget";
import "./ProjectHeader.css";

/**
 * The top of every project screen: the nav dropdown (name, status, region, default auth mode);
 * the layout's ProjectSidebar shows the mobile breadcrumb.
 */
export function ProjectHeader(props: { api: ProjectHeader_api$key }) {
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
        defaultAuthMode
        ...PublishWidget_api
      }
    `,
    props.api,
  );

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
        <PublishWidget api={api} />
      </div>
    </header>
  );
}
