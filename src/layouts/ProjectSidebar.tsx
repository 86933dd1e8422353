import { Link, useParams } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";

/** Sections of a project (spec §2 "Navigation"); visibility rules arrive with the project issue. */
const GROUPS = [
  ["nav.project.management", [["data", "nav.project.data"], ["assets", "nav.project.files"], ["apps", "nav.project.apps"], ["types", "nav.project.model"]]],
  ["nav.project.devtools", [["cloud-functions", "nav.project.cloudFunctions"], ["queries", "nav.project.playground"]]],
  ["nav.project.general", [["logs", "nav.project.logs"], ["settings", "nav.project.settings"]]],
] as const;

export function ProjectSidebar() {
  const intl = useIntl();
  const { apiId } = useParams({ strict: false }) as { apiId?: string };
  if (!apiId) return null;
  return (
    <nav className="sidebar-nav" aria-label={intl.formatMessage({ id: "nav.project" })}>
      {GROUPS.map(([group, links]) => (
        <div key={group}>
          <div className="menu-heading">
            <FormattedMessage id={group} />
          </div>
          {links.map(([section, label]) => (
            <Link key={section} className="menu-item" to={`/api/$apiId/${section}`} params={{ apiId }}>
              <FormattedMessage id={label} />
            </Link>
          ))}
        </div>
      ))}
    </nav>
  );
}
