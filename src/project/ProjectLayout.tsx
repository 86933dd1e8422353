import { useEffect } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { notFound, Outlet, useLoaderData } from "@tanstack/react-router";
import type { ProjectLayoutQuery } from "../__generated__/ProjectLayoutQuery.graphql";
import { getSession } from "../session/sessionState";
import { switchOrg } from "../session/actions";
import { DocumentTitle } from "../layouts/DocumentTitle";

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

/**
 * `/api/$apiId`: an unknown project is not found; on load the current workspace switches to the
 * project's own when it differs (spec §4) — switchOrg keeps it when the viewer has no role there.
 */
export default function ProjectLayout() {
  const { queryRef } = useLoaderData({ strict: false }) as { queryRef: PreloadedQuery<ProjectLayoutQuery> };
  const { api } = usePreloadedQuery<ProjectLayoutQuery>(projectLayoutQuery, queryRef);
  const orgId = api?.orgId;
  useEffect(() => {
    if (orgId && getSession().activeOrgId !== orgId) void switchOrg(orgId);
  }, [orgId]);
  if (!api) throw notFound();
  return (
    <>
      <DocumentTitle place={api.name} />
      <Outlet />
    </>
  );
}
