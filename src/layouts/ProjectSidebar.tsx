import { Link, useParams } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { useActiveRole } from "../session/sessionState";
import { projectNavGroups, useProjectNav, type ProjectSection } from "../project/projectNav";

const LABELS: Record<ProjectSection, string> = {
  data: "nav.project.data",
  assets: "nav.project.files",
  flows: "nav.project.flows",
  apps: "nav.project.apps",
  types: "nav.project.model",
  "json-declaration": "nav.project.declaration",
  "cloud-functions": "nav.project.cloudFunctions",
  queries: "nav.project.playground",
  logs: "nav.project.logs",
  settings: "nav.project.settings",
};

/** Sections of a project (spec §2 "Navigation"); the screen's ProjectHeader publishes what decides them. */
export function ProjectSidebar() {
  const intl = useIntl();
  const { apiId } = useParams({ strict: false }) as { apiId?: string };
  const info = useProjectNav(apiId);
  // The project's own workspace role; ProjectHeader switches to that workspace when needed.
  const role = useActiveRole();
  if (!apiId) return null;
  const roleType = info && role?.orgId === info.orgId ? role.type : undefined;
  return (
    <nav className="sidebar-nav" aria-label={intl.formatMessage({ id: "nav.project" })} data-testid="project-sidebar">
      {projectNavGroups(info, roleType).map(({ group, sections }) => (
        <div key={group}>
          <div className="menu-heading">
            <FormattedMessage id={`nav.project.${group}`} />
          </div>
          {sections.map((section) => (
            <Link key={section} className="menu-item" to={`/api/$apiId/${section}`} params={{ apiId }} data-testid={`nav-${section}`}>
              <FormattedMessage id={LABELS[section]} />
            </Link>
          ))}
        </div>
      ))}
    </nav>
  );
}
