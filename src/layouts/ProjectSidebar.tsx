import { Component, Suspense, useState, type ReactNode } from "react";
import { Link, useMatch, useParams, useRouterState } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PreloadedQuery } from "react-relay";
import type { ProjectLayoutQuery } from "../__generated__/ProjectLayoutQuery.graphql";
import { useSession } from "../session/sessionState";
import { projectNavGroups, type ProjectNavInfo, type ProjectSection } from "../project/projectSections";
import { Truncated } from "../ui/Truncated";
import { ProjectLayoutSections } from "./lazyProjectSections";

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

/** The `/api/$apiId` layout route's id (TanStack Router joins its parents' ids and its path). */
const PROJECT_LAYOUT_ROUTE = "/authed/api/$apiId";

const SECTIONS_ID = "project-sections";

/** Sections of a project (spec §2 "Navigation"), decided by the project layout's query. */
export function ProjectSidebar() {
  const { apiId } = useParams({ strict: false }) as { apiId?: string };
  const queryRef = useMatch({
    from: PROJECT_LAYOUT_ROUTE as never,
    shouldThrow: false,
    select: (match: { loaderData?: { queryRef?: PreloadedQuery<ProjectLayoutQuery> } }) => match.loaderData?.queryRef,
  }) as PreloadedQuery<ProjectLayoutQuery> | undefined;
  if (!apiId) return null;
  const known = <ProjectSections apiId={apiId} info={undefined} />;
  return queryRef ? (
    <KnownSectionsOnError fallback={known}>
      <Suspense fallback={known}>
        <ProjectLayoutSections queryRef={queryRef} apiId={apiId} />
      </Suspense>
    </KnownSectionsOnError>
  ) : (
    known
  );
}

/** A failed layout query is shown by the route's error screen; the sidebar keeps the sections every project has. */
class KnownSectionsOnError extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The section list; below 768 px it hides behind the breadcrumb Projects > project > section,
 * whose button opens it.
 */
export function ProjectSections(props: { apiId: string; info: ProjectNavInfo | undefined }) {
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
