import { Component, Suspense, lazy, type ReactNode } from "react";
import { Link, useMatch, useParams } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { PreloadedQuery } from "react-relay";
import type { ProjectLayoutQuery } from "../__generated__/ProjectLayoutQuery.graphql";
import { projectNavGroups, type ProjectNavInfo, type ProjectSection } from "../project/projectSections";

// Relay stays off the sign-in page, so the part that reads the layout query loads with a project.
const ProjectLayoutSections = lazy(() => import("../project/ProjectLayoutSections"));

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

export function ProjectSections(props: { apiId: string; info: ProjectNavInfo | undefined }) {
  const intl = useIntl();
  return (
    <nav className="sidebar-nav" aria-label={intl.formatMessage({ id: "nav.project" })} data-testid="project-sidebar">
      {projectNavGroups(props.info).map(({ group, sections }) => (
        <div key={group}>
          <div className="menu-heading">
            <FormattedMessage id={`nav.project.${group}`} />
          </div>
          {sections.map((section) => (
            <Link key={section} className="menu-item" to={`/api/$apiId/${section}`} params={{ apiId: props.apiId }} data-testid={`nav-${section}`}>
              <FormattedMessage id={LABELS[section]} />
            </Link>
          ))}
        </div>
      ))}
    </nav>
  );
}
