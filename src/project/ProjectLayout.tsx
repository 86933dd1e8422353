import { Suspense, useEffect, type ReactNode } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay/hooks";
import { getRouteApi, Outlet, useMatches, useRouterState } from "@tanstack/react-router";
import type { ProjectLayoutQuery } from "../__generated__/ProjectLayoutQuery.graphql";
import { getSession } from "../session/sessionState";
import { switchOrg } from "../session/actions";
import { DocumentTitle } from "../layouts/DocumentTitle";
import { ProjectFrame } from "../layouts/ProjectFrame";
import { RouteErrorBoundary } from "../common/RouteErrorBoundary";
import { NotFoundScreen } from "../common/NotFoundScreen";
import { Spinner } from "../ui/Spinner";
import type { LayoutName } from "../router/routeMeta";

/**
 * The project layout's data, loaded by the `/api/$apiId` route next to its screen's query: what
 * the sidebar's visibility rules need, with the server's viewerCan… answers.
 */
export const projectLayoutQuery = graphql`
  query ProjectLayoutQuery($apiId: ID!) {
    api(id: $apiId) {
      id
      orgId
      name
      state
      region
      creationType
      defaultAuthMode
      viewerCanEditModel
      viewerCanPublish
      viewerCanDelete
    }
    viewer {
      isSuperuser
      featureFlags
    }
  }
`;

const projectRoute = getRouteApi("/authed/api/$apiId");

/**
 * `/api/$apiId`: the project's chrome around its screens (the leaf route names which of spec §2's
 * project layouts). While the layout's query loads, or when it failed, the sidebar shows the
 * sections every project has, so the page neither blanks nor shifts.
 */
export default function ProjectLayout() {
  const { queryRef } = projectRoute.useLoaderData();
  const { apiId } = projectRoute.useParams();
  const layout = useMatches({ select: (matches) => matches.at(-1)?.staticData.layout });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const knownSections = (content: ReactNode) => (
    <ProjectFrame layout={layout} apiId={apiId} info={undefined}>
      {content}
    </ProjectFrame>
  );
  return (
    <RouteErrorBoundary resetKey={pathname} around={knownSections}>
      <Suspense fallback={knownSections(<Spinner />)}>
        <ProjectScreens queryRef={queryRef} apiId={apiId} layout={layout} pathname={pathname} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * An unknown project is not found; on load the current workspace switches to the project's own
 * when it differs (spec §4) — switchOrg keeps it when the viewer has no role there.
 */
function ProjectScreens(props: { queryRef: PreloadedQuery<ProjectLayoutQuery>; apiId: string; layout: LayoutName | undefined; pathname: string }) {
  const { api, viewer } = usePreloadedQuery<ProjectLayoutQuery>(projectLayoutQuery, props.queryRef);
  const orgId = api?.orgId;
  useEffect(() => {
    if (orgId && getSession().activeOrgId !== orgId) void switchOrg(orgId);
  }, [orgId]);
  const info = api && {
    orgId: api.orgId,
    name: api.name,
    state: api.state,
    creationType: api.creationType,
    featureFlags: viewer?.featureFlags ?? [],
    isSuperuser: viewer?.isSuperuser ?? false,
    viewerCanPublish: api.viewerCanPublish,
  };
  return (
    <ProjectFrame layout={props.layout} apiId={props.apiId} info={info ?? undefined}>
      {api ? (
        <RouteErrorBoundary resetKey={props.pathname}>
          <DocumentTitle place={api.name} />
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      ) : (
        <NotFoundScreen />
      )}
    </ProjectFrame>
  );
}
