import { useState } from "react";
import { Link, useRouterState } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { useSession } from "../session/sessionState";
import { projectNavGroups, type ProjectNavInfo, type ProjectSection } from "../project/projectSections";
import { Truncated } from "../ui/Truncated";

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

const SECTIONS_ID = "project-sections";

/**
 * Sections of a project (spec §2 "Navigation"), decided by the project layout's query (`info`;
 * undefined while it loads or when it failed: then the sections every project has). Below
 * 768 px the list hides behind the breadcrumb Projects > project > section, whose button opens it.
 */
export function ProjectSidebar(props: { apiId: string; info: ProjectNavInfo | undefined }) {
  const intl = useIntl();
  const { info, apiId } = props;
  const activeOrgId = useSession().activeOrgId;
  const section = useRouterState({ select: (state) => state.location.pathname.split("/")[3] }) as ProjectSection | undefined;
  const [open, setOpen] = useState(false);
  const orgId = info?.orgId ?? activeOrgId;
  const sectionLabel = section && section in LABELS ? LABELS[section] : undefined;
  return (
    <>
      <nav className="project-mobile-nav" aria-label={intl.formatMessage({ id: "project.header.breadcrumb" })} data-testid="project-breadcrumb">
        {orgId && (
          <Link to="/org/$orgId/apis" params={{ orgId }}>
            <FormattedMessage id="nav.projects" />
          </Link>
        )}
        <span aria-hidden="true">›</span>
        {info ? <Truncated text={info.name} /> : <span>…</span>}
        <span aria-hidden="true">›</span>
        <button
          type="button"
          className="btn project-sections-button"
          aria-expanded={open}
          aria-controls={SECTIONS_ID}
          onClick={() => setOpen((value) => !value)}
          data-testid="project-sections-button"
        >
          {sectionLabel ? <FormattedMessage id={sectionLabel} /> : <FormattedMessage id="nav.project" />}
          <span aria-hidden="true"> ▾</span>
        </button>
      </nav>
      <nav
        id={SECTIONS_ID}
        className={open ? "sidebar-nav open" : "sidebar-nav"}
        aria-label={intl.formatMessage({ id: "nav.project" })}
        data-testid="project-sidebar"
      >
        {projectNavGroups(info).map(({ group, sections }) => (
          <div key={group}>
            <div className="menu-heading">
              <FormattedMessage id={`nav.project.${group}`} />
            </div>
            {sections.map((item) => (
              <Link
                key={item}
                className="menu-item"
                to={`/api/$apiId/${item}`}
                params={{ apiId }}
                onClick={() => setOpen(false)}
                data-testid={`nav-${item}`}
              >
                <FormattedMessage id={LABELS[item]} />
              </Link>
            ))}
          </div>
        ))}
      </nav>
    </>
  );
}
